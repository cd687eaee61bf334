import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { isUserDeactivated, roleNames, type UserListOrder, type UserListRow } from '@praxia/shared';
import { IconCheck, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../common/table-scroll';
import { type RowAction, RowActions } from './row-actions';

type Sort = { orderBy: UserListOrder; descending: boolean };

type Props = {
  rows: UserListRow[];
  isPatientList: boolean;
  sort: Sort;
  onSort: (sort: Sort) => void;
  currentUserId: number;
  roles: number;
  canOpenRow: boolean;
  onOpenRow: (row: UserListRow) => void;
  onAction: (row: UserListRow, action: RowAction) => void;
};

function SortHeader({ column, sort, onSort }: { column: UserListOrder; sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation();
  const isActive = sort.orderBy === column;
  const label = t(`userList.${column}`);
  return (
    <Table.Th aria-sort={isActive ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ orderBy: column, descending: isActive ? !sort.descending : false })}
        aria-label={t('userList.sortBy', { column: label })}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        {isActive &&
          (sort.descending ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />)}
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The user table (spec people §2): columns customers, lastName, firstName, patientNumber, email, phone, roles,
 * activated, actions; the patient list hides customers, roles and activated, the staff list the patient number.
 */
export function UserListTable({
  rows,
  isPatientList,
  sort,
  onSort,
  currentUserId,
  roles,
  canOpenRow,
  onOpenRow,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const staffOnly = (node: ReactNode) => (isPatientList ? null : node);
  return (
    <TableScroll
      minWidth={isPatientList ? 640 : 900}
      label={t(isPatientList ? 'userList.patientTitle' : 'userList.staffTitle')}
      stacksWhenNarrow
    >
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {staffOnly(<Table.Th>{t('userList.customers')}</Table.Th>)}
            <SortHeader column="lastName" sort={sort} onSort={onSort} />
            <SortHeader column="firstName" sort={sort} onSort={onSort} />
            {isPatientList && <SortHeader column="patientNumber" sort={sort} onSort={onSort} />}
            <Table.Th>{t('userList.email')}</Table.Th>
            <Table.Th>{t('userList.phone')}</Table.Th>
            {staffOnly(<Table.Th>{t('userList.roles')}</Table.Th>)}
            {staffOnly(<Table.Th>{t('userList.activated')}</Table.Th>)}
            <Table.Th>
              <VisuallyHidden>{t('userList.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isDeactivated = isUserDeactivated(row);
            const opens = isPatientList && canOpenRow;
            return (
              <Table.Tr
                key={row.id}
                data-testid={`user-row-${row.id}`}
                onClick={opens ? () => onOpenRow(row) : undefined}
                style={opens ? { cursor: 'pointer' } : undefined}
              >
                {staffOnly(
                  <Table.Td data-label={t('userList.customers')}>
                    {row.customers.map((customer) => customer.name).join(', ')}
                  </Table.Td>,
                )}
                <Table.Td data-label={t('userList.lastName')}>
                  <Text size="sm" fw={500}>
                    {row.lastName}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('userList.firstName')}>{row.firstName}</Table.Td>
                {isPatientList && <Table.Td data-label={t('userList.patientNumber')}>{row.patientNumber}</Table.Td>}
                <Table.Td data-label={t('userList.email')}>{row.email}</Table.Td>
                <Table.Td data-label={t('userList.phone')}>{row.phone}</Table.Td>
                {staffOnly(
                  <Table.Td data-label={t('userList.roles')}>
                    {roleNames(row.roles)
                      .map((name) => t(`userList.role.${name}`))
                      .join(', ')}
                  </Table.Td>,
                )}
                {staffOnly(
                  <Table.Td data-label={t('userList.activated')}>
                    {isDeactivated ? (
                      <VisuallyHidden>{t('userList.deactivatedLabel')}</VisuallyHidden>
                    ) : (
                      <IconCheck
                        size={20}
                        color="var(--mantine-color-teal-7)"
                        role="img"
                        aria-label={t('userList.activated')}
                      />
                    )}
                  </Table.Td>,
                )}
                <Table.Td data-label={t('userList.actions')}>
                  <RowActions
                    row={row}
                    isPatientList={isPatientList}
                    isDeactivated={isDeactivated}
                    currentUserId={currentUserId}
                    roles={roles}
                    onAction={(action) => onAction(row, action)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
