import { can, hasRole, Role, type UserListRow } from '@praxia/shared';

/** Which row actions the caller may use (spec people §2 Row actions, §6). */
export function rowActionRights(row: UserListRow, isPatientList: boolean, currentUserId: number, roles: number) {
  const isSelf = row.id === currentUserId;
  const managesStaff = hasRole(roles, Role.ADMIN | Role.CUSTOMER_ADMIN) && !isSelf;
  return {
    edit: isPatientList ? can(roles, 'patient', 'edit') : can(roles, 'userOthers', 'edit') && !isSelf,
    medicalHistory: isPatientList && can(roles, 'medicalHistory', 'read'),
    iframe: !isPatientList && hasRole(row.roles, Role.THERAPIST | Role.THERAPIST_DRS),
    toggleActive: !isPatientList && managesStaff,
    stopDebit: !isPatientList && row.mollieSubscriptionId !== null,
    delete: isPatientList ? can(roles, 'patient', 'edit') : managesStaff,
  };
}
