import { api, dataOf } from '../../lib/api-client';

export const auditKeys = {
  page: (patientName: string, page: number, limit: number) => ['audit', patientName, page, limit] as const,
  report: (patientId: number) => ['audit', 'report', patientId] as const,
};

export const listAudit = (patientName: string, page: number, limit: number) =>
  dataOf(api.GET('/api/audit', { params: { query: { ...(patientName ? { patientName } : {}), page, limit } } }));

export const getAuditReport = (patientId: number) =>
  dataOf(api.GET('/api/audit/patient/{id}/report', { params: { path: { id: patientId } } }));

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>['list'][number];
