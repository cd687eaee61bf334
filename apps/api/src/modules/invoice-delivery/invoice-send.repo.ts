import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoiceDeliveries, patients, users } from '../../db/schema.js';
import { practiceRows, practiceToWrite, type Scope } from '../../lib/scope.js';

/** What sending needs of the patient, read now (their current data decides, not the frozen document). */
export type PatientContact = {
  email: string;
  name: string;
  /** Whom a letter addresses: the patient, unless their invoices go to a free invoice address. */
  addressee: { salutation: string | null; title: string | null; firstName: string; lastName: string } | null;
  /** The patient agreed that a claim may go to a collection agency (§203 StGB). */
  collectionConsent: boolean;
  phone: string | null;
  phoneCountry: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  invoiceDigital: 'yes' | 'no';
};

/** The patient's contact, with their record in the scope's practice. */
export async function findPatientContact(
  db: Executor,
  scope: Scope,
  clientId: number,
): Promise<PatientContact | undefined> {
  const rows = await db
    .select({
      email: users.email,
      salutation: users.salutation,
      title: users.title,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      phoneCountry: users.phoneCountry,
      street: users.street,
      postalCode: users.postalCode,
      city: users.city,
      invoiceDigital: patients.invoiceDigital,
      invoiceAddress: patients.invoiceAddress,
      collectionConsentAt: patients.collectionConsentAt,
    })
    .from(users)
    .leftJoin(patients, and(eq(patients.userId, users.id), practiceRows(scope, patients.customerId)))
    .where(eq(users.id, clientId))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    email: row.email,
    name: [row.title, row.firstName, row.lastName].filter(Boolean).join(' '),
    addressee: row.invoiceAddress?.trim()
      ? null
      : { salutation: row.salutation, title: row.title, firstName: row.firstName, lastName: row.lastName },
    collectionConsent: row.collectionConsentAt !== null,
    phone: row.phone,
    phoneCountry: row.phoneCountry,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    // Like the invoice list: without a patient record of the practice there is nobody to send to digitally.
    invoiceDigital: row.invoiceDigital ?? 'no',
  };
}

/** A download link of the scope's practice. */
export async function insertDelivery(
  db: Executor,
  scope: Scope,
  values: Omit<typeof invoiceDeliveries.$inferInsert, 'customerId'>,
): Promise<void> {
  await db.insert(invoiceDeliveries).values({ ...values, customerId: practiceToWrite(scope) });
}
