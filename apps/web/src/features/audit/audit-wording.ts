import type { TFunction } from 'i18next';

/**
 * What an audit row records, in words ('Termin gelesen', 'Appointment read'). A value the catalogue does not know
 * (a row written by a newer or older version) shows as it is stored rather than as a text key.
 */
export function auditEventText(t: TFunction, row: { action: string; resource: string }): string {
  const resource = t(`audit.resources.${row.resource}`, { defaultValue: row.resource });
  return t(`audit.actions.${row.action}`, { resource, defaultValue: `${resource} ${row.action}` });
}
