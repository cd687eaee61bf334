import { Checkbox, Chip, Group, Input, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  COVERAGE_TYPES,
  creatableRoles,
  JOB_TITLE_TYPES,
  LANGUAGES,
  Role,
  type RoleName,
  SPOKEN_LANGUAGES,
  THERAPEUTIC_FOCUS,
  TITLES,
  TREATMENT_METHODS,
} from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { PhoneCountrySelect, SalutationSelect } from '../common/contact-selects';
import { ProfileListSelect } from './profile-list-select';
import { PushTestButton } from './push-test-button';
import {
  canAdvertise,
  canChoosePractice,
  canEditRoles,
  isAssistantOnly,
  isTherapistRole,
  type UserFormMode,
  type UserFormValues,
} from './user-form-values';
import { VitaEditor } from './vita-editor';

const ROLE_NAMES: RoleName[] = ['ADMIN', 'CUSTOMER_ADMIN', 'THERAPIST', 'THERAPIST_DRS', 'SECRETARY'];

type Props = {
  form: UseFormReturnType<UserFormValues>;
  mode: UserFormMode;
  practices: { id: number; name: string }[];
  /** Shown under the e-mail field when one's own address changes (a confirmation mail follows). */
  isEmailChanged?: boolean;
  /** The stored agreement: the test button sends to the browsers subscribed so far. */
  isPushSaved?: boolean;
};

/** The user form of people §2/§3 with the visibility rules of §6. */
export function UserFormFields({ form, mode, practices, isEmailChanged, isPushSaved }: Props) {
  const { t } = useTranslation();
  const { values } = form;
  const roleChoices = ROLE_NAMES.filter(
    (name) => (creatableRoles(mode.actorRoles) & Role[name]) !== 0 || (values.roles & Role[name]) !== 0,
  );
  const showRoles = mode.kind === 'create' || canEditRoles(mode);
  const toggleRole = (bit: number, checked: boolean) =>
    form.setFieldValue('roles', checked ? values.roles | bit : values.roles & ~bit);

  return (
    <Stack gap="md">
      {showRoles && (
        <Input.Wrapper
          label={t('users.roles')}
          required
          error={form.errors.roles ? form.getInputProps('roles').error : undefined}
        >
          <Group gap="xs" mt={4}>
            {roleChoices.map((name) => (
              <Chip
                key={name}
                checked={(values.roles & Role[name]) !== 0}
                onChange={(checked) => toggleRole(Role[name], checked)}
              >
                {t(`users.role.${name}`)}
              </Chip>
            ))}
          </Group>
        </Input.Wrapper>
      )}
      {(mode.kind === 'create' || canChoosePractice(mode, values.roles)) && values.roles !== Role.ADMIN && (
        <Select
          label={t('users.practice')}
          placeholder={t('users.practicePlaceholder')}
          data={practices.map((practice) => ({ value: String(practice.id), label: practice.name }))}
          searchable
          {...form.getInputProps('customerId')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SalutationSelect label={t('profile.salutation')} {...form.getInputProps('salutation')} />
        <Select
          label={t('profile.academicTitle')}
          placeholder={t('profile.noTitle')}
          data={TITLES.map((value) => ({ value, label: value }))}
          clearable
          {...form.getInputProps('title')}
        />
      </SimpleGrid>
      {values.salutation === 'Divers' && (
        <Checkbox
          label={t('profile.salutationSearchable')}
          {...form.getInputProps('salutationSearchable', { type: 'checkbox' })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('profile.firstName')}
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('profile.lastName')}
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('profile.jobTitleType')}
          required={isTherapistRole(values.roles)}
          data={JOB_TITLE_TYPES.map((value) => ({ value, label: t(`jobTitle.${value}`) }))}
          clearable
          {...form.getInputProps('jobTitleType')}
        />
        {values.jobTitleType === 'other' && (
          <TextInput
            label={t('profile.jobTitleFreetext')}
            required={isTherapistRole(values.roles)}
            {...form.getInputProps('jobTitleFreetext')}
          />
        )}
      </SimpleGrid>
      <TextInput
        label={t('profile.email')}
        type="email"
        required
        autoComplete="email"
        disabled={mode.kind === 'other'}
        description={
          mode.kind === 'other' ? t('profile.emailOtherHint') : isEmailChanged ? t('email.changeHint') : undefined
        }
        {...form.getInputProps('email')}
      />
      {!isAssistantOnly(values.roles) && (
        <>
          <TextInput
            label={t('profile.website')}
            placeholder="https://"
            autoComplete="url"
            {...form.getInputProps('website')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PhoneCountrySelect
              label={t('profile.phoneCountry')}
              allowDeselect={false}
              {...form.getInputProps('phoneCountry')}
            />
            <TextInput label={t('profile.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
        </>
      )}
      <Select
        label={t('language.label')}
        data={LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
      <ProfileListSelect
        entries={SPOKEN_LANGUAGES}
        label={t('profile.languages')}
        required
        {...form.getInputProps('languages')}
      />
      <ProfileListSelect
        entries={THERAPEUTIC_FOCUS}
        label={t('profile.therapeuticFocus')}
        {...form.getInputProps('therapeuticFocus')}
      />
      <ProfileListSelect
        entries={TREATMENT_METHODS}
        label={t('profile.treatmentMethods')}
        {...form.getInputProps('treatmentMethods')}
      />
      <ProfileListSelect
        entries={COVERAGE_TYPES}
        label={t('profile.coverageTypes')}
        {...form.getInputProps('coverageTypes')}
      />
      <Textarea
        label={t('profile.therapistProfileText')}
        autosize
        minRows={3}
        {...form.getInputProps('therapistProfileText')}
      />
      <Textarea
        label={t('profile.billingInformation')}
        autosize
        minRows={2}
        {...form.getInputProps('billingInformation')}
      />
      <VitaEditor
        label={t('profile.vita')}
        value={values.vita}
        onChange={(html) => form.setFieldValue('vita', html)}
        error={form.getInputProps('vita').error as string | undefined}
      />
      {canAdvertise(mode, values.roles) && (
        <Checkbox label={t('profile.advertising')} {...form.getInputProps('advertising', { type: 'checkbox' })} />
      )}
      {mode.kind === 'self' && (
        <>
          <Group gap="sm" align="center">
            <Checkbox
              label={t('profile.pushNotificationAgree')}
              {...form.getInputProps('pushNotificationAgree', { type: 'checkbox' })}
            />
            {isPushSaved && <PushTestButton />}
          </Group>
          <Checkbox
            label={t('profile.conditionsAccepted')}
            required
            {...form.getInputProps('conditionsAccepted', { type: 'checkbox' })}
          />
        </>
      )}
    </Stack>
  );
}
