import {
  Alert,
  Anchor,
  Button,
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
import { useForm } from '@mantine/form';
import {
  type Appointment,
  appointmentFormLocks,
  can,
  mayDoAction,
  SERIES_INTERVALS,
  type TypeLocation,
} from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formDefaults } from '../../lib/form';
import { appointmentTypeKeys, getCalendarSettings, listAppointmentTypes } from '../appointment-types/api';
import { AppModal } from '../common/app-modal';
import { ConfirmDialog } from '../common/confirm-dialog';
import { medicalHistoryPath } from '../medical-history/navigation';
import {
  type AppointmentFormValues,
  defaultSendEmails,
  emptyAppointmentValues,
  endForType,
  isBooking,
  needsNoClientConfirmation,
  toAppointmentValues,
  validateAppointment,
} from './appointment-form-values';
import { DeleteDialogs } from './delete-dialogs';
import { FeeEditor } from './fee-editor';
import { PatientPicker } from './patient-picker';
import { useAppointmentActions } from './use-appointment-actions';
import { videoMeetingActions } from './video-meeting';
import { VideoMeetingButtons } from './video-meeting-buttons';

export type DialogTarget = { kind: 'create'; start: Date | null } | { kind: 'edit'; appointment: Appointment };

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
  const appointment = target.kind === 'edit' ? target.appointment : null;
  const isNew = appointment === null;
  const state = appointment?.state ?? 'available';
  const [isConfirmingNoClient, setConfirmingNoClient] = useState(false);
  const [pendingAction, setPendingAction] = useState<'reject' | 'delete' | null>(null);
  const actions = useAppointmentActions(onClose);

  const types = useQuery({
    queryKey: appointmentTypeKeys.active(therapistId ?? 0),
    queryFn: () => listAppointmentTypes(therapistId ?? 0, 1, 1000, false),
    enabled: therapistId !== null,
  });
  const settings = useQuery({
    queryKey: appointmentTypeKeys.settings(therapistId ?? 0),
    queryFn: () => getCalendarSettings(therapistId ?? 0),
    enabled: therapistId !== null && isNew,
  });
  const typeList = types.data?.list ?? [];
  // The appointment's own type stays choosable even when it has been deactivated since.
  const typeOptions = [
    ...typeList.map((type) => ({ value: String(type.id), label: type.name })),
    ...(appointment?.meetingType && !typeList.some((type) => type.id === appointment.meetingType?.id)
      ? [{ value: String(appointment.meetingType.id), label: appointment.meetingType.name }]
      : []),
  ];

  const form = useForm<AppointmentFormValues>({
    ...formDefaults,
    initialValues: appointment
      ? toAppointmentValues(appointment)
      : emptyAppointmentValues(target.kind === 'create' ? target.start : null, {
          therapistId,
          customerId: defaultCustomerId,
        }),
    validate: (values) => validateAppointment(values, { typeLocation: typeLocationOf(values.meetingType), isNew }),
  });
  const typeLocationOf = (id: string | null): TypeLocation | null => {
    const type = typeList.find((entry) => String(entry.id) === id);
    return (
      type?.location ??
      (appointment?.meetingType && String(appointment.meetingType.id) === id ? appointment.meetingType.location : null)
    );
  };
  const typeLocation = typeLocationOf(form.values.meetingType);

  // A new slot starts with the first active type, its duration setting the end (spec §5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the arriving types and settings pick the defaults.
  useEffect(() => {
    if (!isNew || form.values.meetingType || typeList.length === 0) return;
    chooseType(String(typeList[0]?.id));
  }, [types.data, settings.data]);

  const chooseType = (id: string | null) => {
    form.setFieldValue('meetingType', id);
    const type = typeList.find((entry) => String(entry.id) === id);
    if (!type) return;
    const end = endForType(form.values.appointmentStart, type.duration);
    if (end) form.setFieldValue('appointmentEnd', end);
    if (type.location !== 'both') form.setFieldValue('location', type.location);
    else if (form.values.location === null) form.setFieldValue('location', null);
    if (isNew) {
      const onsiteDefault = settings.data?.appointmentOnsiteNotificationDefault ?? true;
      form.setFieldValue('sendEmails', defaultSendEmails(type.location, onsiteDefault));
    }
  };

  const locks = appointmentFormLocks(state, { isCreateAndBook: isNew });
  const isReadOnly = !locks.isEditable || (!isNew && !mayDoAction(roles, state, 'edit'));
  const areClientFieldsLocked = isReadOnly || locks.areClientFieldsLocked;
  const isBusy = Object.values(actions).some((mutation) => mutation.isPending);

  const submit = (values: AppointmentFormValues) => {
    if (appointment) return actions.update.mutate({ appointment, values });
    if (needsNoClientConfirmation(values, true)) return setConfirmingNoClient(true);
    actions.create.mutate(values);
  };

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
          {state === 'billed' && <Alert color="gray">{t('calendar.dialog.locked')}</Alert>}
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
              {appointment && mayDoAction(roles, state, 'markBillable') && (
                <Button
                  variant="default"
                  loading={actions.setState.isPending}
                  onClick={() => actions.setState.mutate({ appointment, state: 'billable' })}
                  data-testid="make-billable"
                >
                  {t('calendar.dialog.makeBillable')}
                </Button>
              )}
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
        </Stack>
      </form>
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
    </AppModal>
  );
}
