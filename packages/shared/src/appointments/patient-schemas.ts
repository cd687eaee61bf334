import { z } from 'zod';
import { APPOINTMENT_LOCATIONS } from './schemas.js';

/** An appointment as its patient sees it on their landing page: when, with whom, where, and what they may do. */
export const patientAppointmentSchema = z.object({
  id: z.number(),
  /** ISO 8601 with the German offset. */
  appointmentStart: z.string(),
  appointmentEnd: z.string(),
  therapistName: z.string(),
  typeName: z.string().nullable(),
  location: z.enum(APPOINTMENT_LOCATIONS).nullable(),
  /** Booked and not yet begun: the patient may still cancel it (as with the link of the confirmation). */
  mayCancel: z.boolean(),
  /** An online appointment whose video room the patient may enter now (from 30 minutes before until its end). */
  isVideoOpen: z.boolean(),
});
export type OwnAppointment = z.infer<typeof patientAppointmentSchema>;

export const patientAppointmentListSchema = z.object({ list: z.array(patientAppointmentSchema) });

/** The patient's personal link into the video room, issued on request (the earlier link stops working). */
export const patientVideoLinkSchema = z.object({ url: z.string() });
