import { can, DEFAULT_PAGE_SIZE } from '@praxia/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import { customerKeys, deactivateCustomer, deleteCustomer, listCustomers, reactivateCustomer } from './api';

export type Row = { id: number; name: string; deactivated: boolean };
/** The row a confirmation dialog asks about; kept while the dialog closes so its text does not flicker. */
type Pending = { kind: 'deactivate' | 'delete'; row: Row; isOpen: boolean } | null;

/**
 * The practice list's state: the page of practices, the pending confirmation, the row at
 * work, and deactivating, reactivating and deleting.
 */
export function useCustomerList() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const roles = user?.roles ?? 0;
  const canCreate = can(roles, 'customer', 'create');
  const canEdit = can(roles, 'customer', 'edit');
  // The server lets only admins delete; an owner would only ever see the refusal.
  const canDelete = canEdit && can(roles, 'customer', 'delete');

  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pending, setPending] = useState<Pending>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const closeDialog = () => setPending((current) => current && { ...current, isOpen: false });

  const list = useQuery({
    queryKey: customerKeys.list(page, limit),
    queryFn: () => listCustomers(page, limit),
    placeholderData: keepPreviousData,
  });

  // After a deletion the last page may be gone.
  const pages = list.data?.pages ?? 1;
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
  const setRowDeactivated = (id: number, deactivated: boolean) =>
    queryClient.setQueryData(customerKeys.list(page, limit), (data: typeof list.data) =>
      data ? { ...data, list: data.list.map((row) => (row.id === id ? { ...row, deactivated } : row)) } : data,
    );

  const deactivate = useMutation({
    mutationFn: (row: Row) => deactivateCustomer(row.id),
    onSuccess: (result, row) => {
      if (result.status !== 'canceled') {
        notifyError({ key: 'customers.deactivateFailed' });
        return;
      }
      notifySuccess('customers.deactivateSuccess', { name: row.name });
      setRowDeactivated(row.id, true);
      void refresh();
      // An owner who deactivates their own practice has just ended their own session.
      if (row.id === user?.customerId) void navigate(paths.logout);
    },
    onError: (error) => void handleApiError('customerDeactivate', error),
    onSettled: () => setBusyId(null),
  });

  const activate = useMutation({
    mutationFn: (row: Row) => reactivateCustomer(row.id),
    onSuccess: (_customer, row) => {
      notifySuccess('customers.activateSuccess', { name: row.name });
      setRowDeactivated(row.id, false);
      void refresh();
    },
    onError: (error) => void handleApiError('customerUpdate', error),
    onSettled: () => setBusyId(null),
  });

  const remove = useMutation({
    mutationFn: (row: Row) => deleteCustomer(row.id),
    onSuccess: (_result, row) => {
      notifySuccess('customers.deleteSuccess', { name: row.name });
      void refresh();
    },
    onError: (error) => void handleApiError('customerDelete', error),
    onSettled: () => setBusyId(null),
  });

  /**
   * Runs a row action: the dialog closes and the row shows progress at once (in the click itself), so the row never
   * offers its old action while the server is still working on it.
   */
  const run = (row: Row, action: { mutate: (row: Row) => void }) => {
    closeDialog();
    setBusyId(row.id);
    action.mutate(row);
  };

  const rows = list.data?.list ?? [];

  return {
    navigate,
    canCreate,
    canEdit,
    canDelete,
    page,
    setPage,
    limit,
    setLimit,
    pending,
    setPending,
    busyId,
    closeDialog,
    list,
    pages,
    deactivate,
    activate,
    remove,
    run,
    rows,
  };
}
