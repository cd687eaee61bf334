import type { UserListOrder } from '@praxia/shared';
import { api, dataOf } from '../../lib/api-client';

export type UserListMode = 'staff' | 'patients';

export type UserListParams = {
  mode: UserListMode;
  page: number;
  /** Rows per page; 0 asks for all (1000, spec people §7). */
  limit: number;
  orderBy: UserListOrder;
  descending: boolean;
  searchString: string;
  therapistId: number | null;
};

export const userListKeys = {
  all: ['userList'] as const,
  list: (params: UserListParams) => ['userList', params] as const,
};

/** GET /user: the staff list, or the patient list with only the registered role (spec people §7). */
export const listUsers = (params: UserListParams) =>
  dataOf(
    api.GET('/api/user', {
      params: {
        query: {
          limit: params.limit === 0 ? 1000 : params.limit,
          page: params.page,
          orderBy: params.orderBy,
          descending: params.descending,
          rolesList: params.mode === 'patients' ? '2' : undefined,
          therapistId: params.mode === 'patients' ? (params.therapistId ?? undefined) : undefined,
          searchString: params.searchString || undefined,
        },
      },
    }),
  );

const byId = (id: number) => ({ params: { path: { id } } });

export const setCustomerUserDeactivated = (id: number, deactivated: boolean) =>
  dataOf(api.PATCH('/api/user/customer-user/{id}', { ...byId(id), body: { deactivated } }));

export const deleteStaffUser = (id: number) => dataOf(api.DELETE('/api/user/{id}', byId(id)));

export const deletePatient = (id: number) => dataOf(api.DELETE('/api/user/patient/{id}', byId(id)));
