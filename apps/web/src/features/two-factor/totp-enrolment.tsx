import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { ErrorCode, type TotpEnrolment } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { handleApiError } from '../../lib/notify';
import { confirmTotp, startTotpEnrolment } from './api';
import { RecoveryCodes } from './recovery-codes';
import { TotpQrCode } from './totp-qr-code';

type Props = {
  /** After the recovery codes were shown: the session was renewed, the caller reloads what depends on it. */
  onEnrolled: () => void;
};

/** Sets up an authenticator app: QR code and secret, the first code, then the recovery codes once. */
export function TotpEnrolmentSteps({ onEnrolled }: Props) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: startTotpEnrolment,
    onSuccess: setEnrolment,
    onError: (error) => handleApiError('twoFactor', error),
  });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: (result) => setRecoveryCodes(result.recoveryCodes),
    onError: (error) => {
      if (error instanceof ApiError && error.code === ErrorCode.pinInvalid) setCodeError(t('twoFactor.codeInvalid'));
      else handleApiError('twoFactor', error);
    },
  });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onEnrolled} />;
  if (!enrolment) {
    return (
      <Group>
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {t('twoFactor.setUp')}
        </Button>
      </Group>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) setCodeError(t('twoFactor.codeInvalid'));
    else confirm.mutate(code);
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('twoFactor.setUpTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <TotpQrCode address={enrolment.otpauthUrl} />
        <Text size="sm">{t('twoFactor.secretText')}</Text>
        <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
          {enrolment.secret}
        </Code>
        <TextInput
          label={t('twoFactor.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          error={codeError}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/\D/g, ''));
            setCodeError(null);
          }}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t('twoFactor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
