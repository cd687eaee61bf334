import { IconBuildingHospital, IconReceipt } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = {
  upgrade: '/customer/upgrade',
  customerList: '/customer/list',
  customerCreate: '/customer/create',
  customerEdit: '/customer/edit',
  invoiceSettings: '/customer',
} as const;

export const customerNavigation = {
  paths,
  sidebar: [
    {
      key: 'customers',
      to: paths.customerList,
      resource: 'customer',
      group: 'top',
      position: 20,
      icon: IconBuildingHospital,
    },
    {
      key: 'invoiceSettings',
      to: paths.invoiceSettings,
      resource: 'customerDetail',
      group: 'settings',
      position: 30,
      icon: IconReceipt,
    },
  ],
} satisfies FeatureNavigation;
