import { Button, Group, Text } from '@mantine/core';
import { canMarkBillable, hasEnded, mayDoAction } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/confirm-dialog';
import { DeleteDialogs } from './delete-dialogs';
import { isHeldBooking, openHint } from './held-booking';
import type { useAppointmentDialog } from './use-appointment-dialog';

type Props = {
  dialog: ReturnType<typeof useAppointmentDialog>;
  roles: number;
  /** A patient is linked or typed in: saving books the slot. */
  isBooking: boolean;
};

/** The dialog's buttons (spec appointments §4.1): delete and reject on the left; state changes and save on the right. */
export function DialogButtons({ dialog, roles, isBooking: booking }: Props) {
  const { t } = useTranslation();
  const { appointment, isNew, state, billing, isReadOnly, isBusy, actions, setPendingAction } = dialog;
  // A held online booking is made billable once its patient is named (the alert above offers that).
  const mayBecomeBillable = billing && appointment && !isHeldBooking(appointment) && canMarkBillable(state, billing);
  return (
    <Group justify="space-between" gap="xs" mt="xs">
      <Group gap="xs">
        {appointment && mayDoAction(roles, state, 'delete') && (
          <Button variant="subtle" color="red" onClick={() => setPendingAction('delete')} disabled={isBusy}>
            {t('calendar.dialog.delete')}
          </Button>
        )}
        {appointment && mayDoAction(roles, state, 'reject') && (
          <Button variant="subtle" color="red" onClick={() => setPendingAction('reject')} disabled={isBusy}>
            {t('calendar.dialog.reject')}
          </Button>
        )}
      </Group>
      <Group gap="xs">
        {appointment &&
          billing &&
          mayDoAction(roles, state, 'markBillable') &&
          // Spec §4.1: only complete data becomes billable; until then the dialog says what is missing. A session
          // that has not ended is not billable yet (§14 Abs. 4 Nr. 6 UStG).
          (mayBecomeBillable && !hasEnded(appointment.appointmentEnd) ? (
            <Text size="sm" c="dimmed" data-testid="billing-hint">
              {t('calendar.hints.notEnded')}
            </Text>
          ) : mayBecomeBillable ? (
            <Button
              variant="default"
              loading={actions.setState.isPending}
              onClick={() => actions.setState.mutate({ appointment, state: 'billable' })}
              data-testid="make-billable"
            >
              {t('calendar.dialog.makeBillable')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="billing-hint">
              {t(`calendar.hints.${openHint({ ...appointment, billing })}`)}
            </Text>
          ))}
        {appointment && mayDoAction(roles, state, 'makeEditable') && (
          <Button
            variant="default"
            loading={actions.setState.isPending}
            onClick={() => actions.setState.mutate({ appointment, state: 'taken' })}
            data-testid="make-editable"
          >
            {t('calendar.dialog.makeEditable')}
          </Button>
        )}
        {!isReadOnly && (
          <Button
            type="submit"
            loading={actions.create.isPending || actions.update.isPending}
            data-testid="appointment-save"
          >
            {booking && state === 'available'
              ? isNew
                ? t('calendar.dialog.createAndBook')
                : t('calendar.dialog.book')
              : t('calendar.dialog.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** What the dialog asks before acting: creating without a linked patient, and rejecting or deleting. */
export function DialogConfirmations({ dialog }: { dialog: ReturnType<typeof useAppointmentDialog> }) {
  const { t } = useTranslation();
  const {
    appointment,
    form,
    isBusy,
    actions,
    isConfirmingNoClient,
    setConfirmingNoClient,
    pendingAction,
    setPendingAction,
  } = dialog;
  return (
    <>
      <ConfirmDialog
        opened={isConfirmingNoClient}
        title={t('calendar.dialog.confirmNoClientTitle')}
        confirmLabel={t('calendar.dialog.continue')}
        onClose={() => setConfirmingNoClient(false)}
        onConfirm={() => {
          setConfirmingNoClient(false);
          actions.create.mutate(form.getValues());
        }}
      >
        <Text size="sm">{t('calendar.dialog.confirmNoClient')}</Text>
      </ConfirmDialog>
      {appointment && (
        <DeleteDialogs
          appointment={appointment}
          action={pendingAction}
          isBusy={isBusy}
          onClose={() => setPendingAction(null)}
          onReject={() => actions.reject.mutate(appointment)}
          onDelete={(deleteSeries) => actions.remove.mutate({ appointment, deleteSeries })}
        />
      )}
    </>
  );
}
