import { ActionIcon, Menu } from '@mantine/core';
import type { InvoiceListItem } from '@praxia/shared';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { downloadXrechnung, invoiceFileHref } from './api';
import { type InvoiceViewer, invoiceRowActions } from './invoice-row-rules';
import { SendMenuItem } from './send-menu-item';

export type InvoiceRowAction = 'send' | 'markPaid' | 'markUnpaid' | 'dunning' | 'cancel' | 'delete';

type Props = {
  invoice: InvoiceListItem;
  viewer: InvoiceViewer;
  onAction: (action: InvoiceRowAction) => void;
};

/** The row menu of spec §2.7; what it offers follows `invoiceRowActions`. */
export function InvoiceRowMenu({ invoice, viewer, onAction }: Props) {
  const { t } = useTranslation();
  const rights = invoiceRowActions(invoice, viewer);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('invoiceList.rowActions', { number: invoice.invoiceNumber })}
          onClick={(event) => event.stopPropagation()}
          data-testid={`invoice-actions-${invoice.id}`}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {rights.send && (
          <SendMenuItem
            label={t('invoiceList.send')}
            hint={t('invoiceList.sendHint')}
            blockedReason={rights.sendBlockedKey ? t(rights.sendBlockedKey) : null}
            onSend={() => onAction('send')}
            testId="invoice-send"
          />
        )}
        <Menu.Item component="a" href={invoiceFileHref(invoice.id, 'pdf')} download data-testid="invoice-pdf">
          {t('invoiceList.downloadPdf')}
        </Menu.Item>
        {rights.word && (
          <Menu.Item component="a" href={invoiceFileHref(invoice.id, 'docx')} download data-testid="invoice-word">
            {t('invoiceList.downloadWord')}
          </Menu.Item>
        )}
        {invoice.offersXrechnung && (
          <Menu.Item
            onClick={() => void downloadXrechnung(invoice).catch((error) => handleApiError('invoiceCall', error))}
            data-testid="invoice-xrechnung"
          >
            {t('invoiceList.downloadXrechnung')}
          </Menu.Item>
        )}
        {rights.markPaid && (
          <Menu.Item onClick={() => onAction('markPaid')} data-testid="invoice-paid">
            {t('invoiceList.markPaid')}
          </Menu.Item>
        )}
        {rights.markUnpaid && (
          <Menu.Item onClick={() => onAction('markUnpaid')} data-testid="invoice-unpaid">
            {t('invoiceList.markUnpaid')}
          </Menu.Item>
        )}
        {rights.dunning && (
          <Menu.Item onClick={() => onAction('dunning')} data-testid="invoice-dunning">
            {t('invoiceList.dunning')}
          </Menu.Item>
        )}
        {rights.cancel && (
          <Menu.Item onClick={() => onAction('cancel')} data-testid="invoice-cancel">
            {t('invoiceList.cancel')}
          </Menu.Item>
        )}
        {rights.delete && (
          <Menu.Item color="red.7" onClick={() => onAction('delete')} data-testid="invoice-delete">
            {t('invoiceList.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
