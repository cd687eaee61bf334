import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { PIN_LENGTH } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { submitPin } from './api';
import { reloadCurrentUser } from './session';

const PIN_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`);

/** The second sign-in step: the 6-digit code sent by e-mail (spec foundations §4 Login). */
export function PinDialog({ loginToken, onClose }: { loginToken: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPin('');
    setError(null);
    onClose();
  };

  const confirm = useMutation({
    mutationFn: submitPin,
    onSuccess: async () => {
      await reloadCurrentUser();
      close();
    },
    onError: (failure) => {
      const outcome = handleApiError('pin', failure);
      if (outcome.effect === 'restartLogin') close();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = pin.trim();
    if (!PIN_PATTERN.test(value)) {
      setError(t('login.pinInvalid'));
      return;
    }
    if (loginToken) confirm.mutate({ pin: value, loginToken });
  };

  return (
    <Modal opened={loginToken !== null} onClose={close} title={t('login.pinTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('login.pinText')}</Text>
          <TextInput
            label={t('login.pinLabel')}
            value={pin}
            onChange={(event) => {
              setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, PIN_LENGTH));
              setError(null);
            }}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PIN_LENGTH}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              {t('login.pinSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
