import { can, DEFAULT_PAGE_SIZE, type UserListRow } from '@praxia/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
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
import type { RowAction } from './row-actions';

export type PendingConfirmation = { kind: 'delete' | 'stopDebit'; row: UserListRow; isOpen: boolean } | null;

export const staffPaths = { create: '/user/create', edit: (id: number) => `/user/edit/${id}` };
const medicalHistoryPath = (id: number) => `/user/medical-history/${id}`;

/** The state of the staff or patient list: filter, page, the rows, and what each row action does. */
export function useUserList(mode: UserListMode) {
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
  const [pending, setPending] = useState<PendingConfirmation>(null);
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

  return {
    user,
    roles,
    isPatientList,
    therapistId,
    params,
    setParams,
    applySearch,
    list,
    rows,
    maxItems,
    pages,
    canExport,
    openRow,
    onAction,
    pending,
    closeDialog,
    confirmDelete: (row: UserListRow) => remove.mutate(row),
    confirmStopDebit: (row: UserListRow) => stopDebit.mutate(row),
    navigate,
  };
}
