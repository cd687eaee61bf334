import { Button, Group } from '@mantine/core';
import { IconMail, IconVideo } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { getTherapistMeeting, resendPatientLink } from './meeting-api';
import { openEmptyTab, showInTab } from './video-meeting';

/** The appointment dialog's video actions: start the consultation in a new tab, send the patient's link again. */
type Props = { appointmentId: number; canStart: boolean; canResend: boolean };

export function VideoMeetingButtons({ appointmentId, canStart, canResend }: Props) {
  const { t } = useTranslation();
  const start = useMutation({
    mutationFn: (tab: Window | null) => showInTab(tab, async () => (await getTherapistMeeting(appointmentId)).url),
    onError: (error) => void handleApiError('default', error),
  });
  const resend = useMutation({
    mutationFn: () => resendPatientLink(appointmentId),
    onSuccess: () => notifySuccess('calendar.dialog.videoLinkResent'),
    onError: (error) => void handleApiError('default', error),
  });
  if (!canStart && !canResend) return null;
  return (
    <Group gap="xs">
      {canStart && (
        <Button
          variant="light"
          leftSection={<IconVideo size={16} aria-hidden />}
          loading={start.isPending}
          // The tab opens here, synchronously in the click; the mutation only runs after a few awaits.
          onClick={() => start.mutate(openEmptyTab())}
          data-testid="video-start"
        >
          {t('calendar.dialog.videoStart')}
        </Button>
      )}
      {canResend && (
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="video-resend"
        >
          {t('calendar.dialog.videoResend')}
        </Button>
      )}
    </Group>
  );
}
