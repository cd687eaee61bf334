import { Checkbox, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { JOB_TITLE_TYPES, SALUTATIONS, STREET_MAX_LENGTH, TITLES } from '@praxia/shared';
import { useTranslation } from 'react-i18next';

export type RegisterValues = {
  salutation: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitleType: string | null;
  jobTitleFreetext: string;
  taxNumber: string;
  showTaxNumber: boolean;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  password: string;
  passwordConfirm: string;
  terms: boolean;
};

export const emptyRegisterValues: RegisterValues = {
  salutation: null,
  title: null,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  jobTitleType: null,
  jobTitleFreetext: '',
  taxNumber: '',
  showTaxNumber: false,
  name: '',
  street: '',
  postalCode: '',
  city: '',
  password: '',
  passwordConfirm: '',
  terms: false,
};

type Form = UseFormReturnType<RegisterValues>;

/** The therapist's own data (spec foundations §3 Therapist registration form). */
export function PersonFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const salutations = SALUTATIONS.map((value) => ({ value, label: t(`salutation.${value}`) }));
  const jobTitles = JOB_TITLE_TYPES.map((value) => ({ value, label: t(`jobTitle.${value}`) }));
  const hasTaxNumber = form.values.taxNumber.trim() !== '';
  return (
    <>
      <Title order={2} size="h4">
        {t('register.personSection')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select label={t('register.salutation')} data={salutations} clearable {...form.getInputProps('salutation')} />
        <Select label={t('register.title_')} data={[...TITLES]} clearable {...form.getInputProps('title')} />
        <TextInput
          label={t('register.firstName')}
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('register.lastName')}
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
        <TextInput
          label={t('register.email')}
          required
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('register.phone')}
          required
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <Select label={t('register.jobTitleType')} required data={jobTitles} {...form.getInputProps('jobTitleType')} />
        {form.values.jobTitleType === 'other' && (
          <TextInput label={t('register.jobTitleFreetext')} required {...form.getInputProps('jobTitleFreetext')} />
        )}
        <TextInput label={t('register.taxNumber')} {...form.getInputProps('taxNumber')} />
      </SimpleGrid>
      {hasTaxNumber && (
        <Checkbox label={t('register.showTaxNumber')} {...form.getInputProps('showTaxNumber', { type: 'checkbox' })} />
      )}
    </>
  );
}

export function PracticeFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h4">
        {t('register.practiceSection')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('register.practiceName')}
          required
          autoComplete="organization"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('register.street')}
          required
          autoComplete="street-address"
          maxLength={STREET_MAX_LENGTH}
          {...form.getInputProps('street')}
        />
        <TextInput
          label={t('register.postalCode')}
          required
          autoComplete="postal-code"
          {...form.getInputProps('postalCode')}
        />
        <TextInput label={t('register.city')} required autoComplete="address-level2" {...form.getInputProps('city')} />
      </SimpleGrid>
    </>
  );
}
