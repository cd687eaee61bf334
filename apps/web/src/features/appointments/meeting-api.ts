import type { TherapistMeeting } from '@praxia/shared/video/protocol';
import type { Client } from 'openapi-fetch';
import { api, dataOf } from '../../lib/api-client';
import type { paths } from '../../lib/api-schema';

/*
 * The video consultation's two staff calls (issue 10). Until `npm run contract` includes them in api-schema.d.ts they
 * are described here in the generated file's shape and called through the same client (same cookie, CSRF body,
 * session bookkeeping and ApiError); once generated, MeetingPaths and the cast go and `api` is used directly.
 */
type PathParams = { query?: never; header?: never; path: { id: number }; cookie?: never };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type MeetingPaths = {
  '/api/appointment/{id}/meeting/therapist': {
    parameters: NoParams;
    get: {
      parameters: PathParams;
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': TherapistMeeting } } };
    };
  };
  '/api/appointment/{id}/meeting/patient-link': {
    parameters: NoParams;
    post: {
      parameters: PathParams;
      requestBody?: never;
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
    };
  };
};
const meetingApi = api as unknown as Client<paths & MeetingPaths>;

const byId = (id: number) => ({ params: { path: { id } } });

/** GET /appointment/{id}/meeting/therapist: a short-lived token and the video page's address with it. */
export const getTherapistMeeting = (appointmentId: number) =>
  dataOf(meetingApi.GET('/api/appointment/{id}/meeting/therapist', byId(appointmentId)));

/** POST /appointment/{id}/meeting/patient-link → 204: the patient gets their personal link again by e-mail. */
export const resendPatientLink = (appointmentId: number) =>
  dataOf(meetingApi.POST('/api/appointment/{id}/meeting/patient-link', byId(appointmentId)));
