import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { totpDisableSchema } from '@praxia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { reloadCurrentUser } from '../auth/session';
import { disableTotp, getMfaStatus, mfaStatusKey } from './api';
import { TotpEnrolmentSteps } from './totp-enrolment';

/** The profile's "Zwei-Faktor-Authentifizierung": set up the authenticator app, or switch it off again. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: mfaStatusKey, queryFn: getMfaStatus });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: mfaStatusKey });
    // Enrolling renewed the session and may lift the practice's requirement.
    void reloadCurrentUser();
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="two-factor-title">
      <Group gap="sm">
        <Title order={2} size="h4" id="two-factor-title">
          {t('twoFactor.title')}
        </Title>
        {status.data && (
          <Badge color={status.data.totp ? 'teal' : 'gray'}>
            {t(status.data.totp ? 'twoFactor.on' : 'twoFactor.off')}
          </Badge>
        )}
      </Group>
      {status.data?.practiceRequiresTwoFactor && <Text size="sm">{t('twoFactor.requiredByPractice')}</Text>}
      {status.data &&
        (status.data.totp ? (
          <>
            <Text size="sm">{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</Text>
            <DisableTotpForm onDisabled={refresh} />
          </>
        ) : (
          <>
            <Text size="sm">{t('twoFactor.intro')}</Text>
            <TotpEnrolmentSteps onEnrolled={refresh} />
          </>
        ))}
    </Stack>
  );
}

function DisableTotpForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    ...formDefaults,
    initialValues: { password: '', code: '' },
    validate: zod4Resolver(totpDisableSchema),
  });
  const disable = useMutation({
    mutationFn: disableTotp,
    onSuccess: () => {
      notifySuccess('twoFactor.disabled');
      onDisabled();
    },
    onError: (error) => form.setErrors(handleApiError('twoFactorDisable', error).fieldErrors),
  });
  return (
    <form noValidate aria-label={t('twoFactor.disable')} onSubmit={form.onSubmit((values) => disable.mutate(values))}>
      <Stack gap="sm" maw={360}>
        <Text size="sm">{t('twoFactor.disableText')}</Text>
        <PasswordInput
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t('twoFactor.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            {t('twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
