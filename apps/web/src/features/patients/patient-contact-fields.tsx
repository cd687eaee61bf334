import { Checkbox, Select, SimpleGrid, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TITLES } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { PhoneCountrySelect, SalutationSelect } from '../common/contact-selects';
import { useCountries } from '../common/use-countries';
import type { PatientContactValues } from './patient-contact-values';

/** Shared by the practice's patient form and the patient's own profile form. */
type Props<V extends PatientContactValues> = { form: UseFormReturnType<V> };

/** Name, e-mail, birthday and phone, for a two-column grid; `emailHint` shows the e-mail read-only with the hint. */
export function PersonFields<V extends PatientContactValues>({ form, emailHint }: Props<V> & { emailHint?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <SalutationSelect label={t('patients.salutation')} {...form.getInputProps('salutation')} />
      <Select label={t('patients.title')} data={[...TITLES]} clearable {...form.getInputProps('title')} />
      <TextInput label={t('patients.firstName')} required maxLength={100} {...form.getInputProps('firstName')} />
      <TextInput label={t('patients.lastName')} required maxLength={100} {...form.getInputProps('lastName')} />
      <TextInput
        label={t('patients.email')}
        required={!emailHint}
        disabled={Boolean(emailHint)}
        description={emailHint}
        type="email"
        {...form.getInputProps('email')}
      />
      <TextInput
        label={t('patients.birthday')}
        placeholder={t('patients.birthdayHint')}
        inputMode="numeric"
        maxLength={10}
        {...form.getInputProps('birthday')}
      />
      <PhoneCountrySelect label={t('patients.phoneCountry')} {...form.getInputProps('phoneCountry')} />
      <TextInput label={t('patients.phone')} type="tel" maxLength={30} {...form.getInputProps('phone')} />
    </>
  );
}

/** The postal address with its heading. */
export function AddressFields<V extends PatientContactValues>({ form }: Props<V>) {
  const { t } = useTranslation();
  const countryOptions = useCountries().map((country) => ({ value: country.iso, label: country.name }));
  return (
    <>
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
    </>
  );
}

/** How invoices reach the patient: digital or by post, and a separate invoice address with its care-of line. */
export function InvoiceDeliveryFields<V extends PatientContactValues>({ form }: Props<V>) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
