import { IconCalendar, IconTags } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { appointmentList: '/appointment/list', appointmentTypes: '/appointment/types' } as const;

/** The calendar and its appointment types (spec appointments §2). */
export const appointmentNavigation = {
  paths,
  sidebar: [
    {
      key: 'calendar',
      to: paths.appointmentList,
      resource: 'appointment',
      group: 'top',
      position: 30,
      icon: IconCalendar,
    },
    {
      key: 'appointmentTypes',
      to: paths.appointmentTypes,
      resource: 'appointmentType',
      group: 'settings',
      position: 10,
      icon: IconTags,
    },
  ],
} satisfies FeatureNavigation;
