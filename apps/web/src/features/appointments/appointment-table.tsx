import { ActionIcon, Menu, Table, VisuallyHidden } from '@mantine/core';
import { type Appointment, formatPracticeDateTime, mayDoAction } from '@praxia/shared';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../common/table-scroll';
import { clientName } from './appointment-cell';
import { StateWithBilling } from './billing-status';

export type RowAction = 'open' | 'reject' | 'delete';

type Props = {
  rows: Appointment[];
  roles: number;
  therapistNames: ReadonlyMap<number, string>;
  onAction: (appointment: Appointment, action: RowAction) => void;
};

/**
 * The calendar as a table (spec §2.2): date, client, therapist, type, state (with what billing still needs, or the
 * invoice), notes and an action menu.
 */
export function AppointmentTable({ rows, roles, therapistNames, onAction }: Props) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={860} label={t('calendar.tableView')}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="appointment-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('calendar.columns.date')}</Table.Th>
            <Table.Th>{t('calendar.columns.client')}</Table.Th>
            <Table.Th>{t('calendar.columns.therapist')}</Table.Th>
            <Table.Th>{t('calendar.columns.type')}</Table.Th>
            <Table.Th>{t('calendar.columns.state')}</Table.Th>
            <Table.Th>{t('calendar.columns.notes')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('calendar.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((appointment) => {
            const date = formatPracticeDateTime(appointment.appointmentStart);
            return (
              <Table.Tr key={appointment.id} data-testid={`appointment-row-${appointment.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date}</Table.Td>
                <Table.Td>{clientName(appointment)}</Table.Td>
                <Table.Td>{therapistNames.get(appointment.therapistId) ?? ''}</Table.Td>
                <Table.Td>{appointment.meetingType?.name ?? ''}</Table.Td>
                <Table.Td data-testid="appointment-state">
                  <StateWithBilling appointment={appointment} roles={roles} />
                </Table.Td>
                <Table.Td style={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{appointment.notes ?? ''}</Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('calendar.rowActions', { date })}
                        data-testid={`appointment-actions-${appointment.id}`}
                      >
                        <IconDotsVertical size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => onAction(appointment, 'open')}>
                        {t('calendar.dialog.editTitle')}
                      </Menu.Item>
                      {mayDoAction(roles, appointment.state, 'reject') && (
                        <Menu.Item onClick={() => onAction(appointment, 'reject')}>
                          {t('calendar.dialog.reject')}
                        </Menu.Item>
                      )}
                      {mayDoAction(roles, appointment.state, 'delete') && (
                        <Menu.Item color="red.7" onClick={() => onAction(appointment, 'delete')}>
                          {t('calendar.dialog.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
