import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { sendTestPush } from './api';

/** Sends a test notification to the browsers the user subscribed (the profile's push check). */
export function PushTestButton() {
  const { t } = useTranslation();
  const test = useMutation({
    mutationFn: sendTestPush,
    onSuccess: () => notifySuccess('push.testSent'),
    onError: (error) => void handleApiError('pushTest', error),
  });
  return (
    <Button variant="default" size="xs" loading={test.isPending} onClick={() => test.mutate()}>
      {t('push.test')}
    </Button>
  );
}
