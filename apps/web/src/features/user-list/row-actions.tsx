import { ActionIcon, Menu } from '@mantine/core';
import type { UserListRow } from '@praxia/shared';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { iframeLinks } from './iframe-snippet';
import { rowActionRights } from './row-rights';

export type RowAction =
  | { kind: 'edit' }
  | { kind: 'medicalHistory' }
  | { kind: 'iframe'; snippet: string }
  | { kind: 'toggleActive'; deactivate: boolean }
  | { kind: 'stopDebit' }
  | { kind: 'delete' };

type Props = {
  row: UserListRow;
  isPatientList: boolean;
  isDeactivated: boolean;
  currentUserId: number;
  roles: number;
  onAction: (action: RowAction) => void;
};

export function RowActions({ row, isPatientList, isDeactivated, currentUserId, roles, onAction }: Props) {
  const { t } = useTranslation();
  const rights = rowActionRights(row, isPatientList, currentUserId, roles);
  const links = rights.iframe ? iframeLinks(window.location.origin, row.id, row.customers) : [];
  const name = `${row.lastName}, ${row.firstName}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('userList.rowActions', { name })}
          onClick={(event) => event.stopPropagation()}
          data-testid={`row-actions-${row.id}`}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {rights.edit && (
          <Menu.Item onClick={() => onAction({ kind: 'edit' })}>
            {isPatientList ? t('userList.editPatient') : t('userList.edit')}
          </Menu.Item>
        )}
        {rights.medicalHistory && (
          <Menu.Item onClick={() => onAction({ kind: 'medicalHistory' })}>{t('userList.medicalHistory')}</Menu.Item>
        )}
        {links.map((link) => (
          <Menu.Item key={link.customerId} onClick={() => onAction({ kind: 'iframe', snippet: link.snippet })}>
            {link.label ? t('userList.iframeFor', { practice: link.label }) : t('userList.iframe')}
          </Menu.Item>
        ))}
        {rights.toggleActive && (
          <Menu.Item onClick={() => onAction({ kind: 'toggleActive', deactivate: !isDeactivated })}>
            {isDeactivated ? t('userList.activate') : t('userList.deactivate')}
          </Menu.Item>
        )}
        {rights.stopDebit && (
          <Menu.Item onClick={() => onAction({ kind: 'stopDebit' })}>{t('userList.stopDebit')}</Menu.Item>
        )}
        {rights.delete && (
          <Menu.Item color="red.7" onClick={() => onAction({ kind: 'delete' })}>
            {t('userList.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
