import { ActionIcon, Badge, Menu, Table, VisuallyHidden } from '@mantine/core';
import type { AppointmentType } from '@praxia/shared';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../common/table-scroll';

type Props = {
  rows: AppointmentType[];
  canEdit: boolean;
  onEdit: (type: AppointmentType) => void;
  onToggle: (type: AppointmentType) => void;
};

/** The types table (spec §2.3): name, duration, location, insurance, booking deadline, state, actions. */
export function TypeTable({ rows, canEdit, onEdit, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={720} label={t('appointmentTypes.title')}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('appointmentTypes.name')}</Table.Th>
            <Table.Th>{t('appointmentTypes.duration')}</Table.Th>
            <Table.Th>{t('appointmentTypes.location')}</Table.Th>
            <Table.Th>{t('appointmentTypes.insuranceType')}</Table.Th>
            <Table.Th>{t('appointmentTypes.bookingDeadline')}</Table.Th>
            <Table.Th>{t('appointmentTypes.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('appointmentTypes.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((type) => (
            <Table.Tr key={type.id} data-testid={`type-row-${type.id}`}>
              <Table.Td fw={500}>{type.name}</Table.Td>
              <Table.Td>{t('appointmentTypes.minutes', { count: type.duration })}</Table.Td>
              <Table.Td>{t(`appointmentTypes.locations.${type.location}`)}</Table.Td>
              <Table.Td>
                {type.insuranceType ? t(`appointmentTypes.insurance.${type.insuranceType}`) : t('appointmentTypes.any')}
              </Table.Td>
              <Table.Td>{t(`appointmentTypes.deadline.${type.bookingDeadline}`)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={type.deactivated ? 'gray' : 'petrol'}>
                  {type.deactivated ? t('appointmentTypes.inactive') : t('appointmentTypes.active')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {canEdit && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('appointmentTypes.rowActions', { name: type.name })}
                        data-testid={`type-actions-${type.id}`}
                      >
                        <IconDotsVertical size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => onEdit(type)}>{t('appointmentTypes.edit')}</Menu.Item>
                      <Menu.Item onClick={() => onToggle(type)}>
                        {type.deactivated ? t('appointmentTypes.activate') : t('appointmentTypes.deactivate')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
