import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Appointment } from '@praxia/shared';
import { IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { appointmentKeys, findPatientMatches } from './api';
import { clientName } from './appointment-cell';
import { patientNameWithNumber } from './patient-picker';

type Props = {
  appointment: Appointment;
  onAssign: (clientId: number) => void;
  assigningId: number | null;
  disabled: boolean;
};

/**
 * A held online booking in the dialog: why it names no patient record yet, the records with the e-mail the guest
 * typed to assign it to after checking, and that cancelling is the way for someone else.
 */
export function HeldBookingAlert({ appointment, onAssign, assigningId, disabled }: Props) {
  const { t } = useTranslation();
  const matches = useQuery({
    queryKey: appointmentKeys.patientMatches(appointment.id),
    queryFn: () => findPatientMatches(appointment.id),
  });
  useEffect(() => {
    if (matches.error) handleApiError('appointmentList', matches.error);
  }, [matches.error]);
  const list = matches.data ?? [];

  return (
    <Alert color="orange" variant="light" icon={<IconUserQuestion size={18} aria-hidden />} data-testid="held-booking">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('calendar.dialog.heldTitle')}
        </Text>
        <Text size="sm">{t('calendar.dialog.heldText', { name: clientName(appointment) })}</Text>
        {matches.isSuccess && (
          <Text size="sm">{t(list.length > 0 ? 'calendar.dialog.heldMatches' : 'calendar.dialog.heldNoMatch')}</Text>
        )}
        {list.length > 0 && (
          <Group gap="xs">
            {list.map((patient) => (
              <Button
                key={patient.id}
                size="xs"
                onClick={() => onAssign(patient.id)}
                loading={assigningId === patient.id}
                disabled={disabled}
                data-testid={`held-assign-${patient.id}`}
              >
                {t('calendar.dialog.heldAssign', { name: patientNameWithNumber(patient, t) })}
              </Button>
            ))}
          </Group>
        )}
        <Text size="sm">{t('calendar.dialog.heldOtherPerson')}</Text>
      </Stack>
    </Alert>
  );
}
