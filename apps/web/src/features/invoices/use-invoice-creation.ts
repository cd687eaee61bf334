import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { createInvoices, type InvoiceCreateBody, invoiceKeys } from './api';
import { type ExclusionsWarning, readExclusionsWarning } from './invoice-exclusions';

type Pending = { body: InvoiceCreateBody; warning: ExclusionsWarning };

/**
 * Invoicing from the calendar (spec §2.2, §8): posts the appointments (or all of the therapists'), asks first when
 * the GOÄ exclusion rule objects and posts again once the user confirms, then says how many invoices were made.
 * `onSettled` reloads the calendar whatever happened (appointments may have changed state); `created` says whether
 * invoices were made, so a selection ends only then.
 */
export function useInvoiceCreation(onSettled: (created: boolean) => void) {
  const [pending, setPending] = useState<Pending | null>(null);
  const mutation = useMutation({
    mutationFn: (body: InvoiceCreateBody) => createInvoices(body),
    onSuccess: (invoices) => {
      setPending(null);
      notifySuccess(invoices.length === 1 ? 'invoiceList.created' : 'invoiceList.createdMany');
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      onSettled(true);
    },
    onError: (error, body) => {
      const warning = body.confirmExclusions ? null : readExclusionsWarning(error);
      if (warning) return setPending({ body, warning });
      setPending(null);
      handleApiError('invoiceCreate', error);
      onSettled(false);
    },
  });
  return {
    create: (body: InvoiceCreateBody) => mutation.mutate(body),
    isPending: mutation.isPending,
    warning: pending?.warning ?? null,
    confirm: () => pending && mutation.mutate({ ...pending.body, confirmExclusions: true }),
    dismiss: () => setPending(null),
  };
}
