import { therapistProfilePath } from '@praxia/shared/public-pages';
import { IconUser, IconUsers } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = {
  userList: '/user/list',
  profile: '/user/profile',
  profileEdit: '/user/profile-edit',
  changePassword: '/user/reset-password',
  userCreate: '/user/create',
  userEdit: '/user/edit',
  profileAvatar: '/user/profile-avatar',
} as const;

/** The own profile and the user screens of spec people §2; the user list arrives with its own part. */
export const userNavigation = {
  paths,
  sidebar: [
    {
      key: 'profile',
      to: paths.profile,
      resource: 'user',
      group: 'settings',
      position: 20,
      icon: IconUser,
    },
    {
      key: 'userList',
      to: paths.userList,
      resource: 'userList',
      group: 'settings',
      position: 40,
      icon: IconUsers,
    },
  ],
} satisfies FeatureNavigation;

export const userEditPath = (id: number) => `${paths.userEdit}/${id}`;
export const userAvatarPath = (id: number) => `${paths.userEdit}/${id}/avatar`;
/** The public therapist page of the public pages (foundations: profile link). */
export const publicProfilePath = therapistProfilePath;
