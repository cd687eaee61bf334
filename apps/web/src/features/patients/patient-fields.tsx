import { Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
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
