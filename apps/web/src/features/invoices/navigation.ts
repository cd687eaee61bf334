import { IconFileInvoice } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { invoiceList: '/invoice/list' } as const;

/** Invoices arrive with a later issue; the sidebar links them already. */
export const invoiceNavigation = {
  paths,
  sidebar: [
    {
      key: 'invoices',
      to: paths.invoiceList,
      resource: 'invoice',
      group: 'top',
      position: 50,
      icon: IconFileInvoice,
      isComingLater: true,
    },
  ],
} satisfies FeatureNavigation;
