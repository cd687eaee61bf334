import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PatientProfile } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { describeApiError } from '../../lib/errors';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { reloadCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { AddressFields, InvoiceDeliveryFields, PersonFields } from '../patients/patient-contact-fields';
import { type PatientContactValues, toContactPayload, toContactValues } from '../patients/patient-contact-values';
import { contactValidators } from '../patients/patient-validation';
import { getOwnProfile, ownProfileKey, saveOwnProfile } from './profile-api';

/** The server's field messages for fields of this form; null when the refusal names none of them. */
function fieldErrorsOf(error: unknown, values: PatientContactValues): Record<string, string> | null {
  const { fieldErrors } = describeApiError('patientSave', error);
  const known = Object.entries(fieldErrors).filter(([field]) => field in values);
  return known.length ? Object.fromEntries(known) : null;
}

function ProfileForm({ profile }: { profile: PatientProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.profile);
  const form = useForm<PatientContactValues>({
    ...formDefaults,
    initialValues: toContactValues(profile),
    validate: contactValidators(),
  });
  const save = useMutation({
    mutationFn: (values: PatientContactValues) => saveOwnProfile(toContactPayload(values)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(ownProfileKey, saved);
      // The names show in the app's header too.
      await reloadCurrentUser();
      notifySuccess('common.updateSuccess');
      void navigate(paths.profile);
    },
    onError: (error, values) => {
      const fieldErrors = fieldErrorsOf(error, values);
      if (fieldErrors) form.setErrors(fieldErrors);
      else handleApiError('default', error);
    },
  });
  const title = t('profile.patientEditTitle');

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={860}>
      <PageTitle>{title}</PageTitle>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="lg">
          <Title order={2} size="h4">
            {t('patients.personal')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PersonFields form={form} emailHint={t('profile.patientEmailHint')} />
          </SimpleGrid>
          <AddressFields form={form} />
          <Title order={2} size="h4">
            {t('profile.invoices')}
          </Title>
          <InvoiceDeliveryFields form={form} />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={goBack} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /user/profile-edit for a patient (spec people §2: a client sees the patient form): their own contact data. */
export function PatientProfileEditPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ownProfileKey, queryFn: getOwnProfile, retry: false });
  if (query.isError) return <Alert color="red">{t('profile.patientNotFound')}</Alert>;
  if (!query.data) return <PageLoader />;
  return <ProfileForm profile={query.data} />;
}
