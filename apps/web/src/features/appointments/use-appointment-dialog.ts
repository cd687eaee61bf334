import { useForm } from '@mantine/form';
import { type Appointment, appointmentFormLocks, mayDoAction, type TypeLocation } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formDefaults } from '../../lib/form';
import { appointmentTypeKeys, getCalendarSettings, listAppointmentTypes } from '../appointment-types/api';
import { appointmentKeys, getAppointment } from './api';
import {
  type AppointmentFormValues,
  defaultSendEmails,
  emptyAppointmentValues,
  endForType,
  needsNoClientConfirmation,
  toAppointmentValues,
  validateAppointment,
} from './appointment-form-values';
import { useAppointmentActions } from './use-appointment-actions';

export type DialogTarget = { kind: 'create'; start: Date | null } | { kind: 'edit'; appointment: Appointment };

type Options = {
  target: DialogTarget;
  therapistId: number | null;
  roles: number;
  defaultCustomerId: number | null;
  onClose: () => void;
};

/**
 * The state of the calendar's create/edit dialog (spec appointments §3, §4.1, §5): the form with its rules, the
 * therapist's active types and how choosing one fills the form, what the appointment's state locks, the actions.
 */
export function useAppointmentDialog({ target, therapistId, roles, defaultCustomerId, onClose }: Options) {
  const appointment = target.kind === 'edit' ? target.appointment : null;
  const isNew = appointment === null;
  const state = appointment?.state ?? 'available';
  const [isConfirmingNoClient, setConfirmingNoClient] = useState(false);
  const [pendingAction, setPendingAction] = useState<'reject' | 'delete' | null>(null);
  const actions = useAppointmentActions(onClose);

  // The fee editor's changes refetch the appointment: its completeness decides whether "Abrechenbar machen" shows.
  const current = useQuery({
    queryKey: appointmentKeys.one(appointment?.id ?? 0),
    queryFn: () => getAppointment(appointment?.id ?? 0),
    enabled: appointment !== null,
    initialData: appointment ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const billing = current.data?.billing ?? null;

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

  return {
    appointment,
    isNew,
    state,
    billing,
    form,
    typeOptions,
    typeLocation,
    chooseType,
    isReadOnly,
    areClientFieldsLocked,
    isBusy,
    actions,
    submit,
    isConfirmingNoClient,
    setConfirmingNoClient,
    pendingAction,
    setPendingAction,
  };
}
