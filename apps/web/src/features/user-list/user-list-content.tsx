import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { can } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import type { useUserList } from './use-user-list';
import { UserListTable } from './user-list-table';

/** The list's body: loading, a load error with retry, the empty state, or the table. */
export function UserListContent({ state }: { state: ReturnType<typeof useUserList> }) {
  const { t } = useTranslation();
  const { list, rows, params, isPatientList, roles } = state;
  if (list.isPending) {
    return (
      <Stack gap="xs" aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={36} />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title={t('userList.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void list.refetch()}>
          {t('userList.retry')}
        </Button>
      </Alert>
    );
  }
  if (rows.length === 0) {
    return (
      <Stack gap={4} py="lg" align="center" data-testid="user-list-empty">
        <Text fw={600}>
          {params.searchString
            ? t('userList.emptySearch')
            : t(isPatientList ? 'userList.emptyPatients' : 'userList.emptyStaff')}
        </Text>
        {isPatientList && !params.searchString && can(roles, 'patient', 'create') && (
          <Text size="sm" c="dimmed">
            {t('userList.emptyPatientsHint')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <UserListTable
      rows={rows}
      isPatientList={isPatientList}
      sort={{ orderBy: params.orderBy, descending: params.descending }}
      onSort={(sort) => state.setParams((current) => ({ ...current, ...sort, page: 1 }))}
      currentUserId={state.user?.id ?? 0}
      roles={roles}
      canOpenRow={can(roles, 'patient', 'edit')}
      onOpenRow={state.openRow}
      onAction={state.onAction}
    />
  );
}
