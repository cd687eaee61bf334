import { can, INVOICE_WORD_CUTOFF, type InvoiceListItem, Role } from '@praxia/shared';

/** Who looks at the list: the role mask, the practice's trial and when the account was created (if known). */
export type InvoiceViewer = {
  roles: number;
  /** Spec §5: a practice on a trial (trial expiry set) cannot send. */
  trialExpiresAt: string | null;
  /** The account's creation day; null when unknown, which keeps the Word download (spec §2.7). */
  accountCreatedAt: string | null;
};

export const isTherapistDrs = (roles: number) => (roles & Role.THERAPIST_DRS) !== 0;

/** Why sending is blocked (spec §5), as a catalogue key; null when it may go out. */
export function sendBlockReason(
  item: Pick<InvoiceListItem, 'digitalSendAvailability'>,
  viewer: Pick<InvoiceViewer, 'trialExpiresAt'>,
): string | null {
  if (viewer.trialExpiresAt !== null) return 'invoiceList.sendBlocked.trial';
  switch (item.digitalSendAvailability) {
    case 'yes':
      return null;
    case 'not mobile':
      return 'invoiceList.sendBlocked.notMobile';
    case 'no digital':
      return 'invoiceList.sendBlocked.noDigital';
    case 'limit exceeded':
      return 'invoiceList.sendBlocked.limitExceeded';
  }
}

/** Spec §2.7: Word only for non-DRS users whose account predates the cut-off or has no creation date. */
export function canDownloadWord(viewer: InvoiceViewer): boolean {
  if (isTherapistDrs(viewer.roles)) return false;
  if (!viewer.accountCreatedAt) return true;
  return viewer.accountCreatedAt.slice(0, 10) < INVOICE_WORD_CUTOFF;
}

export type InvoiceRowActions = {
  /** Hidden (false) for therapist-DRS; otherwise shown, disabled with `sendBlockedKey` as its tooltip. */
  send: boolean;
  sendBlockedKey: string | null;
  pdf: boolean;
  word: boolean;
  markPaid: boolean;
  markUnpaid: boolean;
  dunning: boolean;
  cancel: boolean;
  delete: boolean;
};

/** A deleted invoice is listed only to show its number was issued (§14 UStG): nothing can be done with it. */
const NO_ACTIONS: InvoiceRowActions = {
  send: false,
  sendBlockedKey: null,
  pdf: false,
  word: false,
  markPaid: false,
  markUnpaid: false,
  dunning: false,
  cancel: false,
  delete: false,
};

/**
 * The row menu of spec §2.7. A cancellation document is itself the reversal: it is never paid, dunned or cancelled,
 * so those entries are left out for it.
 */
export function invoiceRowActions(
  item: Pick<InvoiceListItem, 'state' | 'kind' | 'digitalSendAvailability' | 'sent'>,
  viewer: InvoiceViewer,
): InvoiceRowActions {
  if (item.state === 'deleted') return NO_ACTIONS;
  const isInvoice = item.kind === 'invoice';
  // Paying and cancelling change the invoice: hidden from a practice owner who may only read (the server refuses).
  const canEdit = can(viewer.roles, 'invoice', 'edit');
  const isCreated = item.state === 'created' && isInvoice && canEdit;
  return {
    send: can(viewer.roles, 'invoiceSend', 'create') && !isTherapistDrs(viewer.roles),
    sendBlockedKey: sendBlockReason(item, viewer),
    pdf: true,
    word: canDownloadWord(viewer),
    markPaid: isCreated,
    markUnpaid: item.state === 'paid' && isInvoice && canEdit,
    dunning: isInvoice,
    cancel: isCreated,
    // §14 UStG: only a created invoice that never went out may be withdrawn; the server refuses the rest.
    delete: can(viewer.roles, 'invoice', 'delete') && isInvoice && item.state === 'created' && !item.sent,
  };
}

/** Spec §2.8: the create buttons of the dunning dialog (the server asks for the invoice create privilege). */
export const canCreateNotices = (invoiceState: InvoiceListItem['state'], roles: number) =>
  invoiceState === 'created' && !isTherapistDrs(roles) && can(roles, 'invoice', 'create');

/** Deleting a notice changes the invoice's dunning: the invoice edit privilege, as on the server. */
export const canDeleteNotices = (roles: number) => can(roles, 'invoice', 'edit');
