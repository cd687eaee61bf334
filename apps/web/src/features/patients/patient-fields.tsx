import { Checkbox, Fieldset, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields, InvoiceDeliveryFields, PersonFields } from './patient-contact-fields';
import type { PatientFormValues } from './patient-form-values';
import { PatientNumberField } from './patient-number-field';

type Props = {
  form: UseFormReturnType<PatientFormValues>;
  isEdit: boolean;
  practices: { id: number; name: string }[];
  sessionCount: number | null;
};

/** The patient's own fields (spec people §3 Patient, §5 rules). */
export function PatientFields({ form, isEdit, practices, sessionCount }: Props) {
  const { t } = useTranslation();
  // Once the consent is ticked or unticked by hand, a change of the insurance no longer sets it.
  const consentChosen = useRef(false);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('patients.personal')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {practices.length > 1 && (
          <Select
            label={t('patients.customerId')}
            required
            disabled={isEdit}
            data={[
              { value: '', label: t('patients.customerPlaceholder'), disabled: true },
              ...practices.map((practice) => ({ value: String(practice.id), label: practice.name })),
            ]}
            {...form.getInputProps('customerId')}
          />
        )}
        {isEdit && (
          <PatientNumberField label={t('patients.patientNumber')} required {...form.getInputProps('patientNumber')} />
        )}
        {isEdit && sessionCount !== null && (
          <TextInput
            label={t('patients.sessioncounter')}
            value={t('patients.sessionCount', { count: sessionCount })}
            readOnly
          />
        )}
        <PersonFields form={form} />
        <Select
          label={t('patients.insuranceType')}
          data={[
            { value: 'legally', label: t('patients.insurance.legally') },
            { value: 'privately', label: t('patients.insurance.privately') },
          ]}
          clearable
          {...form.getInputProps('insuranceType')}
          onChange={(value) => {
            form.setFieldValue('insuranceType', value ?? '');
            // A new private patient prints the diagnosis for the insurer unless the practice says otherwise.
            if (!isEdit && !consentChosen.current) form.setFieldValue('diagnosisOnInvoice', value === 'privately');
          }}
        />
      </SimpleGrid>
      <AddressFields form={form} />
      <Title order={2} size="h4">
        {t('patients.billing')}
      </Title>
      <Textarea
        label={t('patients.internalNote')}
        description={t('patients.internalNoteHint')}
        autosize
        minRows={2}
        {...form.getInputProps('internalNote')}
      />
      <Textarea
        label={t('patients.invoiceRemark')}
        autosize
        minRows={2}
        {...form.getInputProps('invoiceRemark')}
        data-testid="invoice-remark"
      />
      <Checkbox
        label={t('patients.diagnosisOnInvoice')}
        description={t('patients.diagnosisOnInvoiceHint')}
        {...form.getInputProps('diagnosisOnInvoice', { type: 'checkbox' })}
        onChange={(event) => {
          consentChosen.current = true;
          form.setFieldValue('diagnosisOnInvoice', event.currentTarget.checked);
        }}
      />
      <FeeAgreementFields form={form} />
      <TextInput
        label={t('patients.collectionConsentAt')}
        description={t('patients.collectionConsentHint')}
        placeholder={t('patients.birthdayHint')}
        inputMode="numeric"
        maxLength={10}
        {...form.getInputProps('collectionConsentAt')}
        data-testid="collection-consent"
      />
      <InvoiceDeliveryFields form={form} />
    </Stack>
  );
}

/** The fee agreement under §2 GOÄ: day, agreed factor, signed by the patient. */
function FeeAgreementFields({ form }: Pick<Props, 'form'>) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('patients.feeAgreement')} variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('patients.feeAgreementHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('patients.feeAgreementDate')}
            placeholder={t('patients.birthdayHint')}
            {...form.getInputProps('feeAgreementDate')}
          />
          <TextInput
            label={t('patients.feeAgreementFactor')}
            placeholder="4,0"
            inputMode="decimal"
            {...form.getInputProps('feeAgreementFactor')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('patients.feeAgreementSigned')}
          {...form.getInputProps('feeAgreementSigned', { type: 'checkbox' })}
        />
      </Stack>
    </Fieldset>
  );
}
