import { Button, Group, Stack, Text } from '@mantine/core';
import { formatPracticeDate, formatPracticeDateTime, type OwnAppointment } from '@praxia/shared';
import { IconVideo, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { ConfirmDialog } from '../common/confirm-dialog';
import { OverviewCard } from '../overview/overview-card';
import { cancelOwnAppointment, issueOwnVideoLink, listOwnAppointments, ownAppointmentKeys } from './api';

const timeOf = (iso: string) => formatPracticeDateTime(iso).slice(11);

/** The patient's next appointments: when, with whom, where; cancelling while allowed, the video room while open. */
export function OwnAppointmentsCard() {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<OwnAppointment | null>(null);
  const query = useQuery({ queryKey: ownAppointmentKeys.all, queryFn: listOwnAppointments });
  const cancel = useMutation({
    mutationFn: (appointment: OwnAppointment) => cancelOwnAppointment(appointment.id),
    onSuccess: () => notifySuccess('overview.cancelled'),
    onError: (error) => handleApiError('default', error),
    onSettled: () => {
      setCancelling(null);
      void queryClient.invalidateQueries({ queryKey: ownAppointmentKeys.all });
    },
  });
  const join = useMutation({
    mutationFn: (appointment: OwnAppointment) => issueOwnVideoLink(appointment.id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => handleApiError('default', error),
  });
  const list = query.data?.list ?? [];

  return (
    <OverviewCard title={t('overview.appointmentsTitle')} state={query} testId="patient-appointments">
      {list.length === 0 ? (
        <Text c="dimmed">{t('overview.appointmentsEmpty')}</Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((appointment) => (
            <Stack key={appointment.id} component="li" gap={4} data-testid="patient-appointment">
              <Text fw={600}>
                {formatPracticeDate(appointment.appointmentStart)}, {timeOf(appointment.appointmentStart)}–
                {timeOf(appointment.appointmentEnd)}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {[
                  appointment.typeName,
                  t('overview.with', { name: appointment.therapistName }),
                  t(appointment.location === 'remote' ? 'overview.online' : 'overview.onSite'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Group gap="xs">
                {appointment.location === 'remote' &&
                  (appointment.isVideoOpen ? (
                    <Button
                      size="xs"
                      leftSection={<IconVideo size={16} aria-hidden />}
                      loading={join.isPending}
                      onClick={() => join.mutate(appointment)}
                    >
                      {t('overview.joinVideo')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('overview.videoLater')}
                    </Text>
                  ))}
                {appointment.mayCancel && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => setCancelling(appointment)}
                  >
                    {t('overview.cancel')}
                  </Button>
                )}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('overview.cancelTitle')}
        confirmLabel={t('overview.cancel')}
        isDestructive
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onClose={() => setCancelling(null)}
      >
        <Text>
          {cancelling &&
            t('overview.cancelText', {
              date: formatPracticeDate(cancelling.appointmentStart),
              time: timeOf(cancelling.appointmentStart),
            })}
        </Text>
      </ConfirmDialog>
    </OverviewCard>
  );
}
