import { can, hasRole, Role, type UserListRow } from '@praxia/shared';

/** Which row actions the caller may use (spec people §2 Row actions, §6). */
export function rowActionRights(row: UserListRow, isPatientList: boolean, currentUserId: number, roles: number) {
  const isSelf = row.id === currentUserId;
  // Offered on one's own row too: choosing it there answers with the spec's warning (people §4, §8).
  const managesStaff = hasRole(roles, Role.ADMIN | Role.CUSTOMER_ADMIN);
  return {
    edit: isPatientList ? can(roles, 'patient', 'edit') : can(roles, 'userOthers', 'edit') && !isSelf,
    medicalHistory: isPatientList && can(roles, 'medicalHistory', 'read'),
    iframe: !isPatientList && hasRole(row.roles, Role.THERAPIST),
    toggleActive: !isPatientList && managesStaff,
    stopDebit: !isPatientList && row.mollieSubscriptionId !== null,
    delete: isPatientList ? can(roles, 'patient', 'edit') : managesStaff,
  };
}
