import { IconUser, IconUsers } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { userList: '/user/list', profile: '/user/profile' } as const;

/** Profile and user list arrive with the people issue; the sidebar links them already. */
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
      isComingLater: true,
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
