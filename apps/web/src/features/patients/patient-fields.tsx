import { Checkbox, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SALUTATIONS, TITLES } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { toPhoneCountryOptions, useCountries } from '../common/use-countries';
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
  const countries = useCountries();
  const countryOptions = countries.map((country) => ({ value: country.iso, label: country.name }));
  const phoneOptions = toPhoneCountryOptions(countries);
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
        <Select
          label={t('patients.salutation')}
          data={SALUTATIONS.map((value) => ({ value, label: value }))}
          clearable
          {...form.getInputProps('salutation')}
        />
        <Select label={t('patients.title')} data={[...TITLES]} clearable {...form.getInputProps('title')} />
        <TextInput label={t('patients.firstName')} required maxLength={100} {...form.getInputProps('firstName')} />
        <TextInput label={t('patients.lastName')} required maxLength={100} {...form.getInputProps('lastName')} />
        <TextInput label={t('patients.email')} required type="email" {...form.getInputProps('email')} />
        <TextInput
          label={t('patients.birthday')}
          placeholder={t('patients.birthdayHint')}
          inputMode="numeric"
          maxLength={10}
          {...form.getInputProps('birthday')}
        />
        <Select
          label={t('patients.phoneCountry')}
          data={phoneOptions}
          searchable
          limit={300}
          {...form.getInputProps('phoneCountry')}
        />
        <TextInput label={t('patients.phone')} type="tel" maxLength={30} {...form.getInputProps('phone')} />
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
      <Title order={2} size="h4">
        {t('patients.address')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('patients.street')} {...form.getInputProps('street')} />
        <TextInput label={t('patients.postalCode')} required maxLength={20} {...form.getInputProps('postalCode')} />
        <TextInput label={t('patients.city')} required maxLength={100} {...form.getInputProps('city')} />
        <Select
          label={t('patients.country')}
          data={countryOptions}
          searchable
          limit={300}
          {...form.getInputProps('country')}
        />
      </SimpleGrid>
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
      <Checkbox label={t('patients.invoiceDigital')} {...form.getInputProps('invoiceDigital', { type: 'checkbox' })} />
      {!form.values.invoiceDigital && (
        <Text size="sm" c="dimmed">
          {t('patients.invoiceDigitalNo')}
        </Text>
      )}
      <Checkbox
        label={t('patients.separateInvoiceAddress')}
        {...form.getInputProps('hasInvoiceAddress', { type: 'checkbox' })}
      />
      {form.values.hasInvoiceAddress && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('patients.careOf')} maxLength={200} {...form.getInputProps('careOf')} />
          <Textarea
            label={t('patients.invoiceAddress')}
            autosize
            minRows={2}
            {...form.getInputProps('invoiceAddress')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
