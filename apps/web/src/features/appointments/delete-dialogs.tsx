import { Button, Group, Stack, Text } from '@mantine/core';
import { type Appointment, formatPracticeDateTime } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../common/app-modal';
import { ConfirmDialog } from '../common/confirm-dialog';
import { asksSeriesChoice, DELETE_TEXT_KEYS } from './delete-choice';

type Props = {
  appointment: Appointment;
  action: 'reject' | 'delete' | null;
  isBusy: boolean;
  onClose: () => void;
  onReject: () => void;
  onDelete: (deleteSeries: boolean) => void;
};

/** The reject, delete and delete-series confirmations (spec §2.2, §4.1), the text following the state. */
export function DeleteDialogs({ appointment, action, isBusy, onClose, onReject, onDelete }: Props) {
  const { t } = useTranslation();
  const date = formatPracticeDateTime(appointment.appointmentStart);
  const isSeriesChoice = action === 'delete' && asksSeriesChoice(appointment);
  const deleteText = DELETE_TEXT_KEYS[appointment.state];
  return (
    <>
      <ConfirmDialog
        opened={action === 'reject'}
        title={t('calendar.dialog.rejectTitle')}
        confirmLabel={t('calendar.dialog.reject')}
        isDestructive
        loading={isBusy}
        onClose={onClose}
        onConfirm={() => {
          onReject();
          onClose();
        }}
      >
        <Text size="sm">{t('calendar.dialog.rejectText', { date })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={action === 'delete' && !isSeriesChoice}
        title={t('calendar.dialog.deleteTitle')}
        confirmLabel={t('calendar.dialog.delete')}
        isDestructive
        loading={isBusy}
        onClose={onClose}
        onConfirm={() => {
          onDelete(false);
          onClose();
        }}
      >
        <Text size="sm">{t(deleteText, { date })}</Text>
      </ConfirmDialog>
      {isSeriesChoice && (
        <AppModal onClose={onClose} title={t('calendar.dialog.deleteSeriesTitle')}>
          <Stack gap="md">
            <Text size="sm">{t('calendar.dialog.deleteSeriesText', { date })}</Text>
            {appointment.state !== 'available' && <Text size="sm">{t(deleteText, { date })}</Text>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => {
                  onDelete(false);
                  onClose();
                }}
                data-testid="delete-only-this"
              >
                {t('calendar.dialog.deleteOnlyThis')}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  onDelete(true);
                  onClose();
                }}
                data-testid="delete-following"
              >
                {t('calendar.dialog.deleteFollowing')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
    </>
  );
}
