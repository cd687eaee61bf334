import { Role } from '@praxia/shared';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import type { InvoiceScope } from './invoices.repo.js';

/** Assistants and practice owners see the practice's invoices; a therapist (DRS included) only their own. */
export const seesPracticeInvoices = (actor: Actor) => (actor.roles & (Role.SECRETARY | Role.CUSTOMER_ADMIN)) !== 0;

export const invoiceNotFound = () => notFound('Invoice not found');

/**
 * The invoices a call may touch. A therapist's own are theirs whatever filter they send; an assistant or owner may
 * narrow the practice's to one therapist (an id of another practice simply matches nothing).
 */
export function invoiceScope(actor: Actor, therapistId?: number): InvoiceScope {
  if (actor.practiceId === null) throw invoiceNotFound();
  if (!seesPracticeInvoices(actor)) return { customerId: actor.practiceId, therapistId: actor.userId };
  return { customerId: actor.practiceId, therapistId: therapistId ?? null };
}
