import { Navigate } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import type { GuardRule } from '../../app/guard-decision';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

// Spec people §2: each route has its permission check; the change-password failure goes to main, the others to login.
const own: GuardRule = { permission: ['user', 'read'], deniedTo: paths.login };
const ownEdit: GuardRule = { permission: ['user', 'edit'], deniedTo: paths.login };
const changePassword: GuardRule = { permission: ['user', 'edit'], deniedTo: paths.main };
const editOthers: GuardRule = { permission: ['userOthers', 'edit'], deniedTo: paths.login };
// Staff users and patients share the edit route; the server decides who may see which (see user-or-patient-edit-page).
const editAny: GuardRule = { permission: ['user', 'read'], deniedTo: paths.login };
// Staff users or, with `isPatient`, patients (people §2); the page sends a user without the matching right away.
const create: GuardRule = {
  anyPermission: [
    ['userCreate', 'create'],
    ['patient', 'create'],
  ],
  deniedTo: paths.login,
};

const page = (load: () => Promise<{ [name: string]: unknown }>, name: string, rule: GuardRule) =>
  lazyPage(async () => (await load())[name] as never, rule);

export const userRoutes: FeatureRoutes = {
  shellRoutes: [
    { path: '/user', element: <Navigate to={paths.profile} replace /> },
    // A patient account gets its own profile view and form (spec people §2); see own-profile-pages.
    { path: paths.profile, ...page(() => import('./own-profile-pages'), 'OwnProfilePage', own) },
    { path: paths.profileEdit, ...page(() => import('./own-profile-pages'), 'OwnProfileEditPage', ownEdit) },
    {
      path: paths.changePassword,
      ...page(() => import('./change-password-page'), 'ChangePasswordPage', changePassword),
    },
    { path: paths.userCreate, ...page(() => import('./user-form-page'), 'UserCreatePage', create) },
    {
      path: `${paths.userEdit}/:id`,
      ...page(() => import('./user-or-patient-edit-page'), 'UserOrPatientEditPage', editAny),
    },
    { path: paths.profileAvatar, ...page(() => import('./avatar-page'), 'ProfileAvatarPage', ownEdit) },
    { path: `${paths.userEdit}/:id/avatar`, ...page(() => import('./avatar-page'), 'UserAvatarPage', editOthers) },
  ],
};
