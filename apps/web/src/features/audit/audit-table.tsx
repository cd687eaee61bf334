import { Anchor, Table } from '@mantine/core';
import { formatPracticeDateTime } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScroll } from '../common/table-scroll';
import type { AuditListRow } from './api';
import { auditEventText } from './audit-wording';
import { auditReportPath } from './navigation';

/** Audit rows: when, who, whose data, what, with which outcome. `linkPatients` links each patient's report. */
export function AuditTable({ rows, linkPatients }: { rows: AuditListRow[]; linkPatients: boolean }) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={560} label={t('audit.title')} stacksWhenNarrow>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.at')}</Table.Th>
            <Table.Th>{t('audit.actor')}</Table.Th>
            {linkPatients && <Table.Th>{t('audit.patient')}</Table.Th>}
            <Table.Th>{t('audit.action')}</Table.Th>
            <Table.Th>{t('audit.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td data-label={t('audit.at')}>{formatPracticeDateTime(row.at)}</Table.Td>
              <Table.Td data-label={t('audit.actor')}>{row.actorName ?? t('audit.unknownActor')}</Table.Td>
              {linkPatients && (
                <Table.Td data-label={t('audit.patient')}>
                  {row.patientId && row.patientName ? (
                    <Anchor
                      component={Link}
                      to={auditReportPath(row.patientId)}
                      aria-label={t('audit.reportFor', { name: row.patientName })}
                    >
                      {row.patientName}
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              )}
              <Table.Td data-label={t('audit.action')}>{auditEventText(t, row)}</Table.Td>
              <Table.Td data-label={t('audit.outcome')}>
                {t(`audit.outcomes.${row.outcome}`, { defaultValue: row.outcome })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
