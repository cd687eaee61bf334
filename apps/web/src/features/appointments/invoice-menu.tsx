import { Button, Menu } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SelectionMode } from './week-cells';

type Props = {
  /** Invoices may be created (spec §6 bill permission); otherwise only the billable entries show. */
  mayInvoice: boolean;
  isDisabled: boolean;
  onAllBillable: () => void;
  onInvoiceAll: () => void;
  onSelect: (mode: SelectionMode) => void;
};

/** The calendar's billing menu (spec §2.2): everything or a selection, made billable or invoiced. */
export function InvoiceMenu({ mayInvoice, isDisabled, onAllBillable, onInvoiceAll, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconFileInvoice size={18} aria-hidden />} data-testid="invoice-menu">
          {t('calendar.invoiceMenu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onAllBillable} data-testid="all-billable">
          {t('calendar.allBillable')}
        </Menu.Item>
        {mayInvoice && (
          <Menu.Item onClick={onInvoiceAll} disabled={isDisabled} data-testid="invoice-all">
            {t('calendar.invoiceAll')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => onSelect('billable')} data-testid="select-billable">
          {t('calendar.selectBillable')}
        </Menu.Item>
        {mayInvoice && (
          <Menu.Item onClick={() => onSelect('invoice')} data-testid="select-invoice">
            {t('calendar.selectInvoice')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
