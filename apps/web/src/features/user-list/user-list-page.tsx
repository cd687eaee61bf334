import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { can, DEFAULT_PAGE_SIZE, type UserListRow } from '@praxia/shared';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ListFooter } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { useSelectedTherapist } from '../customers/use-selected-therapist';
import { patientFormPaths } from '../patients/navigation';
import { patchUser } from '../users/api';
import {
  deletePatient,
  deleteStaffUser,
  listUsers,
  setCustomerUserDeactivated,
  type UserListMode,
  type UserListParams,
  userListKeys,
} from './api';
import { ListFilter } from './list-filter';
import type { RowAction } from './row-actions';
import { UserListTable } from './user-list-table';

type Pending = { kind: 'delete' | 'stopDebit'; row: UserListRow; isOpen: boolean } | null;

const staffPaths = { create: '/user/create', edit: (id: number) => `/user/edit/${id}` };
const medicalHistoryPath = (id: number) => `/user/medical-history/${id}`;

/** The staff list (/user/list) and the patient list (/user/patient-list), spec people §2 User list screen. */
export function UserListPage({ mode }: { mode: UserListMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const roles = user?.roles ?? 0;
  const isPatientList = mode === 'patients';
  // Assistants act for the therapist chosen in the sidebar; the list follows that choice.
  const actsForTherapist = can(roles, 'appointmentOthers', 'read');
  const selected = useSelectedTherapist(user?.customerId ?? null, isPatientList && actsForTherapist);
  const therapistId = actsForTherapist ? selected.selectedId : (user?.id ?? null);

  const [params, setParams] = useState<Omit<UserListParams, 'mode' | 'therapistId'>>({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    orderBy: 'lastName',
    descending: false,
    searchString: '',
  });
  const [pending, setPending] = useState<Pending>(null);
  const closeDialog = () => setPending((current) => current && { ...current, isOpen: false });
  const applySearch = useCallback(
    (searchString: string) =>
      setParams((current) => (current.searchString === searchString ? current : { ...current, searchString, page: 1 })),
    [],
  );

  const query: UserListParams = {
    ...params,
    mode,
    therapistId: isPatientList && actsForTherapist ? therapistId : null,
  };
  const list = useQuery({
    queryKey: userListKeys.list(query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
    enabled: !(isPatientList && actsForTherapist && selected.isPending),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userListKeys.all });
  const onError = (error: unknown) => void handleApiError('genericCall', error);
  useEffect(() => {
    if (list.error) handleApiError('genericCall', list.error);
  }, [list.error]);

  const toggle = useMutation({
    mutationFn: async ({ row, deactivate }: { row: UserListRow; deactivate: boolean }) => {
      // Spec people §4: with practice assignments their flags flip; without any, the user's own flag does.
      if (row.customerUsers.length === 0) return patchUser(row.id, { deactivated: deactivate });
      await Promise.all(row.customerUsers.map((link) => setCustomerUserDeactivated(link.id, deactivate)));
    },
    onSuccess: (_result, { deactivate }) => {
      notifySuccess(deactivate ? 'userList.deactivatedSuccess' : 'userList.activatedSuccess');
      void refresh();
    },
    onError,
  });
  const stopDebit = useMutation({
    mutationFn: (row: UserListRow) => patchUser(row.id, { mollieSubscriptionId: null }),
    onSuccess: () => {
      notifySuccess('userList.stopDebitSuccess');
      void refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (row: UserListRow) => (isPatientList ? deletePatient(row.id) : deleteStaffUser(row.id)),
    onSuccess: () => {
      notifySuccess(isPatientList ? 'userList.patientDeleted' : 'userList.userDeleted');
      void refresh();
    },
    onError,
  });

  const openRow = (row: UserListRow) =>
    void navigate(isPatientList ? patientFormPaths.edit(row.id) : staffPaths.edit(row.id));

  const onAction = (row: UserListRow, action: RowAction) => {
    const isSelf = row.id === user?.id;
    switch (action.kind) {
      case 'edit':
        return openRow(row);
      case 'medicalHistory':
        return void navigate(medicalHistoryPath(row.id));
      case 'iframe':
        return void navigator.clipboard
          .writeText(action.snippet)
          .then(() => notifySuccess('userList.iframeCopied'), onError);
      case 'toggleActive':
        if (isSelf) return notifyError({ key: 'userList.noSelfDisable' }, undefined, undefined, { tone: 'warning' });
        return toggle.mutate({ row, deactivate: action.deactivate });
      case 'stopDebit':
        return setPending({ kind: 'stopDebit', row, isOpen: true });
      case 'delete':
        if (isSelf) return notifyError({ key: 'userList.noSelfDelete' }, undefined, undefined, { tone: 'warning' });
        return setPending({ kind: 'delete', row, isOpen: true });
    }
  };

  const rows = list.data?.list ?? [];
  const maxItems = list.data?.maxItems ?? 0;
  const pages = Math.max(1, Math.ceil(maxItems / (params.limit === 0 ? 1000 : params.limit)));
  const canExport = isPatientList && can(roles, 'patientExport', 'read') && rows.length > 0 && therapistId !== null;

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap="xs" aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={36} />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    content = (
      <Alert color="red" title={t('userList.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void list.refetch()}>
          {t('userList.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
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
  } else {
    content = (
      <UserListTable
        rows={rows}
        isPatientList={isPatientList}
        sort={{ orderBy: params.orderBy, descending: params.descending }}
        onSort={(sort) => setParams((current) => ({ ...current, ...sort, page: 1 }))}
        currentUserId={user?.id ?? 0}
        roles={roles}
        canOpenRow={can(roles, 'patient', 'edit')}
        onOpenRow={openRow}
        onAction={onAction}
      />
    );
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <PageTitle>{t(isPatientList ? 'userList.patientTitle' : 'userList.staffTitle')}</PageTitle>
        <Group gap="xs">
          {!isPatientList && can(roles, 'userCreate', 'create') && (
            <Button onClick={() => void navigate(staffPaths.create)} leftSection={<IconPlus size={18} aria-hidden />}>
              {t('userList.newUser')}
            </Button>
          )}
          {isPatientList && can(roles, 'patient', 'create') && (
            <Button
              onClick={() => void navigate(patientFormPaths.create)}
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
          onApply={applySearch}
        />
        {content}
      </Stack>
      {maxItems > 0 && (
        <ListFooter
          limit={params.limit}
          onLimitChange={(next) => setParams((current) => ({ ...current, limit: next, page: 1 }))}
          totalText={t('userList.total', { count: maxItems })}
          page={params.page}
          pages={pages}
          onPageChange={(page) => setParams((current) => ({ ...current, page }))}
        />
      )}
      <ConfirmDialog
        opened={pending?.kind === 'delete' && pending.isOpen}
        title={t('userList.deleteTitle')}
        confirmLabel={t('userList.delete')}
        isDestructive
        onClose={closeDialog}
        onConfirm={() => {
          if (pending) remove.mutate(pending.row);
          closeDialog();
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
        onClose={closeDialog}
        onConfirm={() => {
          if (pending) stopDebit.mutate(pending.row);
          closeDialog();
        }}
      >
        <Text size="sm">
          {t('userList.stopDebitText', { name: pending ? `${pending.row.firstName} ${pending.row.lastName}` : '' })}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
