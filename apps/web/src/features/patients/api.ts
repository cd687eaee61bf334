import { api, dataOf } from '../../lib/api-client';
import type { paths } from '../../lib/api-schema';

type JsonBody<T> = T extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type PatientRecordCreateBody = JsonBody<paths['/api/user/patient/record']['post']>;
export type PatientRecordUpdateBody = JsonBody<paths['/api/user/patient/{id}/record']['put']>;

export const patientKeys = {
  all: ['patients'] as const,
  record: (id: number) => ['patients', 'record', id] as const,
  diagnoses: (id: number) => ['patients', 'diagnoses', id] as const,
  fees: (id: number) => ['patients', 'fees', id] as const,
  diagnosisSearch: (text: string) => ['diagnosisCatalogue', text] as const,
};

const byId = (id: number) => ({ params: { path: { id } } });

export const getPatient = (id: number, therapistId: number) =>
  dataOf(api.GET('/api/user/patient/{id}', { params: { path: { id }, query: { sessioncounter: therapistId } } }));

export const listPatientDiagnoses = async (userId: number) =>
  (await dataOf(api.GET('/api/user-diagnosis', { params: { query: { userId } } }))).list;

export const listPatientFees = async (userId: number) =>
  (await dataOf(api.POST('/api/user-medical-fee-schedule/search', { body: { filter: { userId: [userId] } } }))).list;

export const searchDiagnosisCatalogue = async (searchString: string) =>
  (await dataOf(api.GET('/api/diagnosis', { params: { query: { searchString } } }))).list;

/** The form's whole save (spec people §4) in one call: patient, fee defaults, diagnoses, all or nothing. */
export const createPatientRecord = (body: PatientRecordCreateBody) =>
  dataOf(api.POST('/api/user/patient/record', { body }));

export const savePatientRecord = (id: number, body: PatientRecordUpdateBody) =>
  dataOf(api.PUT('/api/user/patient/{id}/record', { ...byId(id), body }));
