import { IconFileInvoice } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = {
  invoiceList: '/invoice/list',
  invoiceEvaluation: '/invoice/evaluation',
  bankImport: '/invoice/bank-import',
} as const;

export const invoicePaths = paths;

/** The invoice list and its evaluation (spec appointments §2.7–2.9). */
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
    },
  ],
} satisfies FeatureNavigation;
