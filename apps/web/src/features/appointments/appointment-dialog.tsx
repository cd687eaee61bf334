import {
  Alert,
  Anchor,
  Checkbox,
  Divider,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { can, mayDoAction, SERIES_INTERVALS } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppModal } from '../common/app-modal';
import { medicalHistoryPath } from '../medical-history/navigation';
import { DialogButtons, DialogConfirmations } from './appointment-dialog-buttons';
import { isBooking } from './appointment-form-values';
import { InvoiceCreated } from './billing-status';
import { FeeEditor } from './fee-editor';
import { isHeldBooking } from './held-booking';
import { HeldBookingAlert } from './held-booking-alert';
import { PatientPicker } from './patient-picker';
import { type DialogTarget, useAppointmentDialog } from './use-appointment-dialog';
import { videoMeetingActions } from './video-meeting';
import { VideoMeetingButtons } from './video-meeting-buttons';

type Props = {
  target: DialogTarget | null;
  therapistId: number | null;
  therapistName: string;
  roles: number;
  customers: { id: number; name: string }[];
  defaultCustomerId: number | null;
  onClose: () => void;
};

/** The create/edit dialog of the calendar (spec appointments §2.2, §3, §4.1, §5). */
export function AppointmentDialog({ target, ...rest }: Props) {
  // A new form per target, so nothing of the last appointment lingers.
  const key = target
    ? target.kind === 'edit'
      ? `edit-${target.appointment.id}`
      : `new-${target.start?.getTime()}`
    : 'none';
  return target ? <DialogBody key={key} target={target} {...rest} /> : null;
}

function DialogBody({
  target,
  therapistId,
  therapistName,
  roles,
  customers,
  defaultCustomerId,
  onClose,
}: Props & { target: DialogTarget }) {
  const { t } = useTranslation();
  const dialog = useAppointmentDialog({ target, therapistId, roles, defaultCustomerId, onClose });
  const {
    appointment,
    isNew,
    state,
    form,
    typeOptions,
    typeLocation,
    chooseType,
    isReadOnly,
    areClientFieldsLocked,
    submit,
  } = dialog;

  const title = isNew
    ? t('calendar.dialog.createTitle')
    : isReadOnly
      ? t('calendar.dialog.viewTitle')
      : t('calendar.dialog.editTitle');
  const canOpenHistory = appointment?.clientId && can(roles, 'medicalHistory', 'read');
  const booking = isBooking(form.values);

  return (
    <AppModal onClose={onClose} title={title} size="lg" testId="appointment-dialog">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {state === 'billed' && (
            <Alert color="gray">
              <Stack gap={4}>
                <Text size="sm">{t('calendar.dialog.locked')}</Text>
                {appointment?.invoice && <InvoiceCreated invoice={appointment.invoice} roles={roles} />}
              </Stack>
            </Alert>
          )}
          {state === 'billable' && <Alert color="gray">{t('calendar.dialog.lockedBillable')}</Alert>}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('calendar.dialog.therapist')} value={therapistName} readOnly disabled />
            {customers.length > 1 && (
              <Select
                label={t('calendar.dialog.practice')}
                data={customers.map((customer) => ({ value: String(customer.id), label: customer.name }))}
                value={form.values.customerId === null ? null : String(form.values.customerId)}
                onChange={(value) => form.setFieldValue('customerId', value ? Number(value) : null)}
                error={form.errors.customerId}
                disabled={isReadOnly || !isNew}
                allowDeselect={false}
              />
            )}
          </SimpleGrid>
          <Select
            label={t('calendar.dialog.type')}
            placeholder={t('calendar.dialog.typePlaceholder')}
            data={typeOptions}
            required
            disabled={isReadOnly}
            allowDeselect={false}
            {...form.getInputProps('meetingType')}
            onChange={chooseType}
            data-testid="appointment-type"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('calendar.dialog.start')}
              description={t('calendar.dialog.dateTimeHint')}
              required
              disabled={isReadOnly}
              {...form.getInputProps('appointmentStart')}
              data-testid="appointment-start"
            />
            <TextInput
              label={t('calendar.dialog.end')}
              description={t('calendar.dialog.dateTimeHint')}
              required
              disabled={isReadOnly}
              {...form.getInputProps('appointmentEnd')}
              data-testid="appointment-end"
            />
          </SimpleGrid>
          {typeLocation === 'both' && (
            <Radio.Group
              label={t('calendar.dialog.location')}
              description={t('calendar.dialog.typeBoth')}
              {...form.getInputProps('location')}
              value={form.values.location ?? ''}
            >
              <Group gap="md" mt={4}>
                <Radio value="onSite" label={t('appointmentTypes.locations.onSite')} disabled={isReadOnly} />
                <Radio value="remote" label={t('appointmentTypes.locations.remote')} disabled={isReadOnly} />
              </Group>
            </Radio.Group>
          )}
          {isNew && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label={t('calendar.dialog.interval')}
                data={[
                  { value: 'none', label: t('calendar.dialog.intervalNone') },
                  ...SERIES_INTERVALS.map((interval) => ({
                    value: interval,
                    label: t(`calendar.dialog.interval_${interval}`),
                  })),
                ]}
                allowDeselect={false}
                {...form.getInputProps('seriesInterval')}
                data-testid="series-interval"
              />
              {form.values.seriesInterval !== 'none' && (
                <TextInput
                  label={t('calendar.dialog.count')}
                  inputMode="numeric"
                  maxLength={2}
                  required
                  {...form.getInputProps('seriesCount')}
                  data-testid="series-count"
                />
              )}
            </SimpleGrid>
          )}
          <Divider />
          {appointment && isHeldBooking(appointment) && (
            <HeldBookingAlert
              appointment={appointment}
              onAssign={(clientId) => dialog.actions.assignPatient.mutate({ appointment, clientId })}
              assigningId={
                dialog.actions.assignPatient.isPending
                  ? (dialog.actions.assignPatient.variables?.clientId ?? null)
                  : null
              }
              disabled={dialog.isBusy || !mayDoAction(roles, state, 'edit')}
            />
          )}
          <PatientPicker form={form} therapistId={therapistId} disabled={areClientFieldsLocked} />
          <Textarea
            label={t('calendar.dialog.issue')}
            autosize
            minRows={1}
            maxRows={4}
            disabled={isReadOnly}
            {...form.getInputProps('issue')}
          />
          <Textarea
            label={t('calendar.dialog.notes')}
            autosize
            minRows={1}
            maxRows={4}
            disabled={isReadOnly}
            {...form.getInputProps('notes')}
          />
          <Checkbox
            label={t('calendar.dialog.sendEmails')}
            disabled={isReadOnly}
            {...form.getInputProps('sendEmails', { type: 'checkbox' })}
            data-testid="send-emails"
          />
          {appointment && appointment.state !== 'available' && (
            <FeeEditor appointmentId={appointment.id} isLocked={isReadOnly} />
          )}
          {appointment && (
            <VideoMeetingButtons appointmentId={appointment.id} {...videoMeetingActions(roles, appointment)} />
          )}
          {canOpenHistory && (
            <Anchor component={Link} to={medicalHistoryPath(appointment.clientId ?? 0)} size="sm">
              {t('calendar.dialog.medicalHistory')}
            </Anchor>
          )}
          <DialogButtons dialog={dialog} roles={roles} isBooking={booking} />
        </Stack>
      </form>
      <DialogConfirmations dialog={dialog} />
    </AppModal>
  );
}
