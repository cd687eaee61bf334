import type { Appointment } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import {
  appointmentKeys,
  assignHeldBooking,
  bookAppointment,
  copyAppointment,
  createAppointment,
  deleteAppointment,
  patchAppointment,
  rejectAppointment,
} from './api';
import {
  type AppointmentFormValues,
  isBooking,
  toBookPayload,
  toCreatePayload,
  toPatchPayload,
} from './appointment-form-values';

const refresh = () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all });

/**
 * The calendar's writes with the spec's toasts (§8): saving (create, create-and-book, update, book), state changes,
 * reject, delete, copy. Each resolves after the list has been asked to reload.
 */
export function useAppointmentActions(onDone: () => void) {
  const done = (messageKey: string, values?: Record<string, number>) => {
    notifySuccess(messageKey, values);
    void refresh();
    onDone();
  };
  const onSaveError = (error: unknown) => void handleApiError('appointmentSave', error);

  const create = useMutation({
    mutationFn: async (values: AppointmentFormValues) => {
      const created = await createAppointment(toCreatePayload(values));
      // Create-and-book (spec §4.1): the slot first, then the booking with the returned id and series id.
      if (isBooking(values)) await bookAppointment(created.id, toBookPayload(values, created.seriesId));
      return created;
    },
    onSuccess: (_created, values) => {
      const count = values.seriesInterval === 'none' ? 1 : Number(values.seriesCount);
      done(isBooking(values) ? 'calendar.dialog.booked' : 'calendar.dialog.created', { count });
    },
    onError: (error) => {
      onSaveError(error);
      // A create-and-book whose booking failed left the slot: show it.
      void refresh();
    },
  });

  const update = useMutation({
    mutationFn: async ({ appointment, values }: { appointment: Appointment; values: AppointmentFormValues }) => {
      const saved = await patchAppointment(appointment.id, toPatchPayload(values));
      if (appointment.state === 'available' && isBooking(values)) {
        return bookAppointment(appointment.id, toBookPayload(values, appointment.seriesId));
      }
      return saved;
    },
    onSuccess: (saved, { appointment }) =>
      done(
        appointment.state === 'available' && saved.state === 'taken'
          ? 'calendar.dialog.booked'
          : 'calendar.dialog.saved',
      ),
    onError: onSaveError,
  });

  const setState = useMutation({
    mutationFn: ({ appointment, state }: { appointment: Appointment; state: 'billable' | 'taken' }) =>
      patchAppointment(appointment.id, { state }),
    onSuccess: () => done('calendar.dialog.saved'),
    onError: onSaveError,
  });

  const reject = useMutation({
    mutationFn: (appointment: Appointment) => rejectAppointment(appointment.id),
    onSuccess: () => done('calendar.dialog.rejected'),
    onError: (error) => void handleApiError('appointmentReject', error),
  });

  const remove = useMutation({
    mutationFn: ({ appointment, deleteSeries }: { appointment: Appointment; deleteSeries: boolean }) =>
      deleteAppointment(appointment.id, deleteSeries),
    onSuccess: () => done('calendar.dialog.deleted'),
    onError: (error) => void handleApiError('appointmentDelete', error),
  });

  const copy = useMutation({
    mutationFn: ({ appointmentId, start }: { appointmentId: number; start: Date }) =>
      copyAppointment(appointmentId, start),
    onSuccess: () => done('calendar.copied'),
    onError: onSaveError,
  });

  const assignPatient = useMutation({
    mutationFn: ({ appointment, clientId }: { appointment: Appointment; clientId: number }) =>
      assignHeldBooking(appointment.id, clientId),
    onSuccess: () => done('calendar.dialog.heldAssigned'),
    onError: onSaveError,
  });

  return { create, update, setState, reject, remove, copy, assignPatient };
}
