import { api, dataOf } from '../../lib/api-client';

/* The video consultation's two staff calls (issue 10). */

const byId = (id: number) => ({ params: { path: { id } } });

/** GET /appointment/{id}/meeting/therapist: a short-lived token and the video page's address with it. */
export const getTherapistMeeting = (appointmentId: number) =>
  dataOf(api.GET('/api/appointment/{id}/meeting/therapist', byId(appointmentId)));

/** POST /appointment/{id}/meeting/patient-link → 204: the patient gets their personal link again by e-mail. */
export const resendPatientLink = (appointmentId: number) =>
  dataOf(api.POST('/api/appointment/{id}/meeting/patient-link', byId(appointmentId)));
