import type { InvoiceListItem } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { deleteInvoice, type InvoicePatchState, invoiceKeys, patchInvoiceState, sendInvoice } from './api';

const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });

const STATE_TOASTS: Partial<Record<InvoicePatchState, string>> = {
  paid: 'invoiceList.markedPaid',
  created: 'invoiceList.markedUnpaid',
  cancelled: 'invoiceList.cancelled',
};

/** The list's row actions that talk to the server; each says what happened (spec §8) and reloads the list. */
export function useInvoiceActions(onDone: () => void) {
  const onError = (error: unknown) => {
    handleApiError('invoiceCall', error);
    void refresh();
  };
  const send = useMutation({
    mutationFn: (invoice: InvoiceListItem) => sendInvoice(invoice.id),
    onSuccess: () => {
      notifySuccess('invoiceList.sentSuccess');
      void refresh();
    },
    onError,
  });
  const changeState = useMutation({
    mutationFn: ({ invoice, state }: { invoice: InvoiceListItem; state: InvoicePatchState }) =>
      patchInvoiceState(invoice.id, state),
    onSuccess: (_result, { state }) => {
      const toast = STATE_TOASTS[state];
      if (toast) notifySuccess(toast);
      onDone();
      void refresh();
    },
    onError: (error) => {
      onDone();
      onError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (invoice: InvoiceListItem) => deleteInvoice(invoice.id),
    onSuccess: () => {
      notifySuccess('invoiceList.deleted');
      onDone();
      void refresh();
    },
    onError: (error) => {
      onDone();
      onError(error);
    },
  });
  return { send, changeState, remove, isBusy: changeState.isPending || remove.isPending };
}
