import { Button, Group, Stack, Text } from '@mantine/core';
import { hasRole, Role, type StaffUser } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { AppModal } from '../common/app-modal';
import { resetSecondFactors } from './api';

/**
 * The owner's help for a member who lost their phone: removes the member's second factors after a confirmation. Shown
 * to owners and the platform admin on another staff member's form; the server decides the rest.
 */
export function SecondFactorResetButton({ member, actorRoles }: { member: StaffUser; actorRoles: number }) {
  const { t } = useTranslation();
  const [isAsking, setAsking] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetSecondFactors(member.id),
    onSuccess: () => {
      setAsking(false);
      notifySuccess('twoFactor.resetDone');
    },
    onError: (error) => handleApiError('twoFactor', error),
  });
  if (!hasRole(actorRoles, Role.ADMIN | Role.CUSTOMER_ADMIN)) return null;
  const name = [member.firstName, member.lastName].join(' ');
  return (
    <>
      <Group>
        <Button variant="default" color="red" onClick={() => setAsking(true)}>
          {t('twoFactor.reset')}
        </Button>
      </Group>
      {isAsking && (
        <AppModal title={t('twoFactor.reset')} onClose={() => setAsking(false)}>
          <Stack gap="md">
            <Text size="sm">{t('twoFactor.resetConfirm', { name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()}>
                {t('twoFactor.reset')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
    </>
  );
}
