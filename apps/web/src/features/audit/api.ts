import { api, dataOf } from '../../lib/api-client';

export const auditKeys = {
  page: (patientId: number | undefined, page: number, limit: number) =>
    ['audit', patientId ?? null, page, limit] as const,
  report: (patientId: number) => ['audit', 'report', patientId] as const,
};

export const listAudit = (patientId: number | undefined, page: number, limit: number) =>
  dataOf(api.GET('/api/audit', { params: { query: { ...(patientId ? { patientId } : {}), page, limit } } }));

export const getAuditReport = (patientId: number) =>
  dataOf(api.GET('/api/audit/patient/{id}/report', { params: { path: { id: patientId } } }));

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>['list'][number];
