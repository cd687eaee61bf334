import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { can } from '@praxia/shared';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ListFooter } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { patientFormPaths } from '../patients/navigation';
import type { UserListMode } from './api';
import { ListFilter } from './list-filter';
import { staffPaths, useUserList } from './use-user-list';
import { UserListContent } from './user-list-content';

/** The staff list (/user/list) and the patient list (/user/patient-list), spec people §2 User list screen. */
export function UserListPage({ mode }: { mode: UserListMode }) {
  const { t } = useTranslation();
  const state = useUserList(mode);
  const { isPatientList, roles, params, maxItems, pages, canExport, therapistId, pending } = state;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <PageTitle>{t(isPatientList ? 'userList.patientTitle' : 'userList.staffTitle')}</PageTitle>
        <Group gap="xs">
          {!isPatientList && can(roles, 'userCreate', 'create') && (
            <Button
              onClick={() => void state.navigate(staffPaths.create)}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('userList.newUser')}
            </Button>
          )}
          {isPatientList && can(roles, 'patient', 'create') && (
            <Button
              onClick={() => void state.navigate(patientFormPaths.create)}
              leftSection={<IconPlus size={18} aria-hidden />}
              data-testid="new-patient"
            >
              {t('userList.newPatient')}
            </Button>
          )}
          {canExport && (
            <Button
              component="a"
              href={`/api/user/download/${therapistId}`}
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {t('userList.export')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="md">
        <ListFilter
          hint={t(isPatientList ? 'userList.filterPatientHint' : 'userList.filterStaffHint')}
          onApply={state.applySearch}
        />
        <UserListContent state={state} />
      </Stack>
      {maxItems > 0 && (
        <ListFooter
          limit={params.limit}
          onLimitChange={(next) => state.setParams((current) => ({ ...current, limit: next, page: 1 }))}
          totalText={t('userList.total', { count: maxItems })}
          page={params.page}
          pages={pages}
          onPageChange={(page) => state.setParams((current) => ({ ...current, page }))}
        />
      )}
      <ConfirmDialog
        opened={pending?.kind === 'delete' && pending.isOpen}
        title={t('userList.deleteTitle')}
        confirmLabel={t('userList.delete')}
        isDestructive
        onClose={state.closeDialog}
        onConfirm={() => {
          if (pending) state.confirmDelete(pending.row);
          state.closeDialog();
        }}
      >
        <Text size="sm">
          {t('userList.deleteText', { name: pending ? `${pending.row.firstName} ${pending.row.lastName}` : '' })}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'stopDebit' && pending.isOpen}
        title={t('userList.stopDebitTitle')}
        confirmLabel={t('userList.stopDebit')}
        isDestructive
        onClose={state.closeDialog}
        onConfirm={() => {
          if (pending) state.confirmStopDebit(pending.row);
          state.closeDialog();
        }}
      >
        <Text size="sm">
          {t('userList.stopDebitText', { name: pending ? `${pending.row.firstName} ${pending.row.lastName}` : '' })}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
