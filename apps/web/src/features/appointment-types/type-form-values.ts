import {
  type AppointmentType,
  appointmentTypeCreateSchema,
  BOOKING_DEADLINES,
  type BookingDeadline,
  type TypeLocation,
} from '@praxia/shared';
import type { AppointmentTypeBody } from './api';

/** The appointment type form (spec appointments §3, §5); the duration is typed text, as the rule is about digits. */
export type TypeFormValues = {
  name: string;
  location: TypeLocation | null;
  duration: string;
  insuranceType: 'legally' | 'privately' | null;
  bookingDeadline: BookingDeadline;
};

export const emptyTypeValues: TypeFormValues = {
  name: '',
  location: 'onSite',
  duration: '50',
  insuranceType: null,
  bookingDeadline: 'none',
};

/** The form's rules are the server's: name required, location required, duration digits and fewer than 4. */
export const typeFormSchema = appointmentTypeCreateSchema;

export const toTypeValues = (type: AppointmentType): TypeFormValues => ({
  name: type.name,
  location: type.location,
  duration: String(type.duration),
  insuranceType: type.insuranceType,
  bookingDeadline: type.bookingDeadline,
});

export const toTypePayload = (values: TypeFormValues, therapistId: number): AppointmentTypeBody => ({
  name: values.name.trim(),
  location: values.location ?? 'onSite',
  duration: values.duration.trim(),
  insuranceType: values.insuranceType,
  bookingDeadline: values.bookingDeadline,
  userId: therapistId,
});

/** The booking deadline choices in the spec's order, as catalogue keys. */
export const bookingDeadlineOptions = BOOKING_DEADLINES.map((value) => ({
  value,
  labelKey: `appointmentTypes.deadline.${value}`,
}));
