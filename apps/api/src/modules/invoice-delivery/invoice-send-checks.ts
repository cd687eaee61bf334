import { can, type DigitalSendAvailability, digitalSendAvailability, ErrorCode } from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden } from '../../plugins/errors.js';
import type { CustomerRow } from '../customers/index.js';
import { type InvoiceRow, invoiceNotFound } from '../invoices/index.js';
import { findPatientContact, type PatientContact } from './invoice-send.repo.js';

/** Spec §6: a therapist-DRS neither sends nor creates notices (the send privilege excludes exactly them). */
export function assertMaySendOrDun(actor: Actor): void {
  if (!can(actor.roles, 'invoiceSend', 'create')) throw forbidden('Keine Berechtigung.');
}

export async function requirePatientContact(db: Executor, scope: Scope, invoice: InvoiceRow): Promise<PatientContact> {
  const contact = await findPatientContact(db, scope, invoice.clientId);
  if (!contact) throw invoiceNotFound();
  return contact;
}

/** Spec §7 error catalogue: a 400 whose answer names the missing fields, shown as 'Adresse fehlt.'. */
export function assertAddressComplete(contact: PatientContact): void {
  const missing = (['street', 'postalCode', 'city'] as const).filter((field) => !contact[field]?.trim());
  if (missing.length === 0) return;
  throw new AppError(ErrorCode.invoiceAddressMissing, {
    status: 400,
    detail: 'Adresse fehlt.',
    fields: Object.fromEntries(missing.map((field) => [field, ['error.required']])),
    params: { fields: missing.join(',') },
  });
}

export const availabilityOf = (contact: PatientContact, sendCount: number): DigitalSendAvailability =>
  digitalSendAvailability({ ...contact, sendCount });

const BLOCKED: Record<Exclude<DigitalSendAvailability, 'yes'>, [ErrorCode, string]> = {
  'not mobile': [ErrorCode.invoiceSendNotMobile, 'Mobilnummer in Patientenakte erforderlich.'],
  'no digital': [ErrorCode.invoiceSendNoDigital, 'Rechnungen ausschließlich per Post gewünscht.'],
  'limit exceeded': [
    ErrorCode.invoiceSendLimitExceeded,
    'Das Limit für den digitalen Versand dieser Rechnung ist erreicht.',
  ],
};

/**
 * Every check before an e-mail with a download link goes out (contract, spec §5 'Sending invoices'): the full
 * version, the patient's wish and mobile number, the send limit, and a complete address.
 */
export function assertCanSendDigitally(practice: CustomerRow, contact: PatientContact, sendCount: number): void {
  if (practice.trialExpiresAt !== null) {
    throw new AppError(ErrorCode.invoiceSendTrial, {
      status: 403,
      detail: 'Um Rechnungen zu versenden, benötigen Sie die Vollversion.',
    });
  }
  const availability = availabilityOf(contact, sendCount);
  if (availability !== 'yes') {
    const [code, detail] = BLOCKED[availability];
    throw new AppError(code, { status: 409, detail });
  }
  assertAddressComplete(contact);
}
