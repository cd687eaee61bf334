import { Alert, Checkbox, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Customer, DATEV_CHARTS } from '@praxia/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type FocusEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorOutcome } from '../../lib/errors';
import { formDefaults } from '../../lib/form';
import { PracticeTwoFactorSetting } from '../two-factor/practice-two-factor-setting';
import {
  getInvoiceSettingsSchema,
  type InvoiceSettingsValues,
  toCustomerUpdate,
  toInvoiceSettingsValues,
} from './invoice-settings-values';
import { LogoField } from './logo-field';
import type { LogoState } from './logo-state';

export type InvoiceSettingsForm = ReturnType<typeof useInvoiceSettingsForm>;

/** The practice's invoice settings form state: the fields (validated as the user types) and the logo. */
export function useInvoiceSettingsForm(customer: Customer, isAdmin: boolean) {
  const form = useForm<InvoiceSettingsValues>({
    ...formDefaults,
    initialValues: toInvoiceSettingsValues(customer),
    validate: zod4Resolver(getInvoiceSettingsSchema(isAdmin)),
  });
  const [logo, setLogo] = useState<LogoState>({ kind: 'unchanged' });
  const [logoError, setLogoError] = useState<string | null>(null);

  return {
    customer,
    form,
    logo,
    setLogo,
    logoError,
    setLogoError,
    /** Validates everything; the PATCH body and logo change, or null while something is invalid. */
    prepare() {
      const hasErrors = form.validate().hasErrors;
      if (hasErrors || logoError) return null;
      return { changes: toCustomerUpdate(form.getValues()), logo };
    },
    /** Puts the server's field messages where they belong after a failed save. */
    showErrors(outcome: ErrorOutcome) {
      const { logo: logoMessage, ...fieldErrors } = outcome.fieldErrors;
      if (logoMessage) setLogoError(logoMessage);
      form.setErrors(fieldErrors);
    },
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Changing a start number affects what comes next; said once the user touches the field (spec §5). */
function NumberWarning({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid={testId}>
      {children}
    </Alert>
  );
}

type FieldsProps = {
  state: InvoiceSettingsForm;
  /**
   * Whether the caller changes these fields: on the practice pages owners and admins (spec foundations §6), on the
   * profile edit screen assistants too (people §2).
   */
  canEdit: boolean;
  /** Street, postal code and city are optional for admins only. */
  isAdmin: boolean;
};

/** The invoice settings of a practice (spec foundations §2 Customer edit/detail, §3 Customer, §5). */
export function InvoiceSettingsFields({ state, canEdit, isAdmin }: FieldsProps) {
  const { t } = useTranslation();
  const { form, customer } = state;
  const [warned, setWarned] = useState({ patient: false, invoice: false });
  const disabled = !canEdit;
  const addressRequired = !isAdmin;
  const hasTaxNumber = form.values.taxNumber.trim() !== '';

  // The warnings stay once shown: hiding them on blur would move the page under the pointer.
  const warnOn = (field: 'firstPatientNumber' | 'firstInvoiceNumber', which: 'patient' | 'invoice') => {
    const props = form.getInputProps(field);
    const reveal = () => setWarned((current) => (current[which] ? current : { ...current, [which]: true }));
    return {
      ...props,
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        props.onFocus?.(event);
        reveal();
      },
      onClick: reveal,
    };
  };

  return (
    <Stack gap="xl">
      {disabled && (
        <Text size="sm" c="dimmed" data-testid="invoice-settings-read-only">
          {t('invoiceSettings.readOnlyHint')}
        </Text>
      )}
      <Section title={t('invoiceSettings.practiceSection')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('invoiceSettings.name')}
            required
            disabled={disabled}
            autoComplete="organization"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('invoiceSettings.street')}
            required={addressRequired}
            disabled={disabled}
            autoComplete="street-address"
            {...form.getInputProps('street')}
          />
          <TextInput
            label={t('invoiceSettings.postalCode')}
            required={addressRequired}
            disabled={disabled}
            autoComplete="postal-code"
            {...form.getInputProps('postalCode')}
          />
          <TextInput
            label={t('invoiceSettings.city')}
            required={addressRequired}
            disabled={disabled}
            autoComplete="address-level2"
            {...form.getInputProps('city')}
          />
          <TextInput
            label={t('invoiceSettings.phone')}
            type="tel"
            disabled={disabled}
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('invoiceSettings.email')}
            type="email"
            disabled={disabled}
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <LogoField
          customerId={customer.id}
          logoFilename={customer.logoFilename}
          state={state.logo}
          onChange={state.setLogo}
          error={state.logoError}
          onError={state.setLogoError}
          disabled={disabled}
        />
      </Section>

      <Section title={t('invoiceSettings.numbersSection')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap="xs">
            <TextInput
              label={t('invoiceSettings.firstPatientNumber')}
              inputMode="numeric"
              disabled={disabled}
              {...warnOn('firstPatientNumber', 'patient')}
            />
            {warned.patient && (
              <NumberWarning testId="warning-firstPatientNumber">
                {t('invoiceSettings.patientNumberWarning')}
              </NumberWarning>
            )}
          </Stack>
          <Stack gap="xs">
            <TextInput
              label={t('invoiceSettings.firstInvoiceNumber')}
              inputMode="numeric"
              disabled={disabled}
              {...warnOn('firstInvoiceNumber', 'invoice')}
            />
            {warned.invoice && (
              <NumberWarning testId="warning-firstInvoiceNumber">
                {t('invoiceSettings.invoiceNumberWarning')} {t('invoiceSettings.invoiceNumberConsecutive')}
              </NumberWarning>
            )}
          </Stack>
        </SimpleGrid>
      </Section>

      <Section title={t('invoiceSettings.paymentSection')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('invoiceSettings.paymentTermInvoice')}
            required
            inputMode="numeric"
            disabled={disabled}
            {...form.getInputProps('paymentTermInvoice')}
          />
          <TextInput
            label={t('invoiceSettings.paymentTermOverdueNotice')}
            required
            inputMode="numeric"
            disabled={disabled}
            {...form.getInputProps('paymentTermOverdueNotice')}
          />
        </SimpleGrid>
        <Textarea
          label={t('invoiceSettings.paymentModalities')}
          autosize
          minRows={2}
          maxRows={8}
          disabled={disabled}
          {...form.getInputProps('paymentModalities')}
        />
        <Textarea
          label={t('invoiceSettings.patientRemark')}
          autosize
          minRows={2}
          maxRows={8}
          disabled={disabled}
          {...form.getInputProps('patientRemark')}
        />
      </Section>

      <Section title={t('invoiceSettings.bankSection')}>
        <Text size="sm" c="dimmed">
          {t('invoiceSettings.bankHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('invoiceSettings.iban')}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('iban')}
          />
          <TextInput
            label={t('invoiceSettings.bic')}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('bic')}
          />
          <TextInput
            label={t('invoiceSettings.accountHolder')}
            disabled={disabled}
            autoComplete="off"
            {...form.getInputProps('accountHolder')}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('invoiceSettings.taxSection')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('invoiceSettings.taxNumber')} disabled={disabled} {...form.getInputProps('taxNumber')} />
        </SimpleGrid>
        {hasTaxNumber && (
          <Checkbox
            label={t('invoiceSettings.showTaxNumber')}
            disabled={disabled}
            {...form.getInputProps('showTaxNumber', { type: 'checkbox' })}
          />
        )}
        <Checkbox
          label={t('invoiceSettings.taxExceptionMedicalServices')}
          disabled={disabled}
          {...form.getInputProps('taxExceptionMedicalServices', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('invoiceSettings.taxExceptionSmallBusiness')}
          disabled={disabled}
          {...form.getInputProps('taxExceptionSmallBusiness', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('invoiceSettings.invoiceRemote')}
          disabled={disabled}
          {...form.getInputProps('invoiceRemote', { type: 'checkbox' })}
        />
      </Section>

      <Section title={t('invoiceSettings.datevSection')}>
        <Text size="sm" c="dimmed">
          {t('invoiceSettings.datevHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('invoiceSettings.datevConsultantNumber')}
            inputMode="numeric"
            autoComplete="off"
            disabled={disabled}
            {...form.getInputProps('datevConsultantNumber')}
          />
          <TextInput
            label={t('invoiceSettings.datevClientNumber')}
            inputMode="numeric"
            autoComplete="off"
            disabled={disabled}
            {...form.getInputProps('datevClientNumber')}
          />
          <Select
            label={t('invoiceSettings.datevChart')}
            data={DATEV_CHARTS.map((chart) => ({ value: chart, label: t(`invoiceSettings.datevCharts.${chart}`) }))}
            allowDeselect={false}
            disabled={disabled}
            {...form.getInputProps('datevChart')}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('twoFactor.title')}>
        <PracticeTwoFactorSetting
          disabled={disabled}
          {...form.getInputProps('requireTwoFactor', { type: 'checkbox' })}
        />
      </Section>
    </Stack>
  );
}
