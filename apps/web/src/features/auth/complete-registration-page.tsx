import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  hasRole,
  JOB_TITLE_TYPES,
  SALUTATIONS,
  THERAPISTS,
  TITLES,
  type User,
  userSelfUpdateSchema,
  ValidationKey,
} from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getAfterLoginPath } from '../../app/after-login';
import { AuthCard } from '../../app/auth-card';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { getStaffUser } from '../users/api';
import { updateUser } from './api';
import { readRememberedPath, reloadCurrentUser } from './session';

type CompleteValues = {
  salutation: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  jobTitleType: string | null;
  jobTitleFreetext: string;
};

/** The shared self-update rules, with names required and a job title required for therapists. */
function buildCompleteSchema(isTherapist: boolean) {
  return userSelfUpdateSchema
    .pick({
      salutation: true,
      title: true,
      firstName: true,
      lastName: true,
      phone: true,
      jobTitleType: true,
      jobTitleFreetext: true,
    })
    .required({ firstName: true, lastName: true })
    .superRefine((value, ctx) => {
      if (isTherapist && !value.jobTitleType) {
        ctx.addIssue({ code: 'custom', path: ['jobTitleType'], message: ValidationKey.required });
      }
      if (value.jobTitleType === 'other' && !value.jobTitleFreetext) {
        ctx.addIssue({ code: 'custom', path: ['jobTitleFreetext'], message: ValidationKey.required });
      }
    });
}

function toValues(user: User): CompleteValues {
  return {
    salutation: user.salutation,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    jobTitleType: user.jobTitleType,
    jobTitleFreetext: user.jobTitleFreetext ?? '',
  };
}

function CompleteForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isTherapist = hasRole(user.roles, THERAPISTS);
  const schema = useMemo(() => buildCompleteSchema(isTherapist), [isTherapist]);
  const form = useForm<CompleteValues>({
    ...formDefaults,
    initialValues: toValues(user),
    validate: zod4Resolver(schema),
  });

  const save = useMutation({
    mutationFn: (values: CompleteValues) => updateUser(user.id, schema.parse(values)),
    onSuccess: async () => {
      notifySuccess('common.updateSuccess');
      const current = await reloadCurrentUser().catch(() => null);
      void navigate(current ? getAfterLoginPath(current, readRememberedPath()) : paths.login, { replace: true });
    },
    onError: (error) => {
      const outcome = handleApiError('userUpdate', error);
      form.setErrors(outcome.fieldErrors);
    },
  });

  const salutations = SALUTATIONS.map((value) => ({ value, label: t(`salutation.${value}`) }));
  const jobTitles = JOB_TITLE_TYPES.map((value) => ({ value, label: t(`jobTitle.${value}`) }));

  return (
    <AuthCard title={t('complete.title')} intro={t('complete.text')} maxWidth={640}>
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('register.salutation')}
              data={salutations}
              clearable
              {...form.getInputProps('salutation')}
            />
            <Select label={t('register.title_')} data={[...TITLES]} clearable {...form.getInputProps('title')} />
            <TextInput label={t('register.firstName')} required {...form.getInputProps('firstName')} />
            <TextInput label={t('register.lastName')} required {...form.getInputProps('lastName')} />
            <TextInput label={t('register.phone')} type="tel" {...form.getInputProps('phone')} />
            <Select
              label={t('register.jobTitleType')}
              required={isTherapist}
              data={jobTitles}
              clearable={!isTherapist}
              {...form.getInputProps('jobTitleType')}
            />
            {form.values.jobTitleType === 'other' && (
              <TextInput label={t('register.jobTitleFreetext')} required {...form.getInputProps('jobTitleFreetext')} />
            )}
          </SimpleGrid>
          <Button type="submit" loading={save.isPending}>
            {t('complete.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Lets a newly registered user fill in what registration did not ask for; needs a session, else back to register. */
export function CompleteRegistrationPage() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const isValidId = /^\d+$/.test(id);
  const userQuery = useQuery({
    queryKey: ['user', id],
    queryFn: () => getStaffUser(Number(id)),
    enabled: isValidId,
    retry: false,
  });

  useEffect(() => {
    if (isValidId && !userQuery.isError) return;
    const outcome = isValidId ? handleApiError('loadUserToComplete', userQuery.error) : null;
    if (!outcome || outcome.effect === 'toRegister') void navigate(paths.register, { replace: true });
  }, [isValidId, userQuery.isError, userQuery.error, navigate]);

  if (!userQuery.data) return <PageLoader />;
  return <CompleteForm user={userQuery.data} />;
}
