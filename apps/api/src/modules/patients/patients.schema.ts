import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';
import { userDiagnoses } from '../records/records.schema.js';
import { users } from '../users/users.schema.js';

/**
 * The patient record of a user with the registered role (spec people §3 Patient): one row per patient, in one
 * practice, treated by one therapist. Name, e-mail, phone and address stay on the user row. Patients are only
 * soft-deleted: records are kept ten years after the treatment ends (§630f BGB).
 */
export const patients = pgTable(
  'patients',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    patientNumber: integer('patient_number').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    insuranceType: text('insurance_type', { enum: ['legally', 'privately'] }),
    careOf: text('care_of'),
    invoiceAddress: text('invoice_address'),
    invoiceDigital: text('invoice_digital', { enum: ['yes', 'no'] })
      .notNull()
      .default('yes'),
    /** Never printed on invoices. */
    internalNote: text('internal_note'),
    invoiceRemark: text('invoice_remark'),
    /** The day the patient's consent to hand a claim to a collection agency was recorded (§203 StGB); null: none. */
    collectionConsentAt: date('collection_consent_at', { mode: 'string' }),
    defaultUserDiagnosisId: integer('default_user_diagnosis_id').references((): AnyPgColumn => userDiagnoses.id, {
      onDelete: 'set null',
    }),
    /** The invoice prints the default diagnosis only with the patient's consent (on by default for private patients). */
    diagnosisOnInvoice: boolean('diagnosis_on_invoice').notNull().default(false),
    /** A fee agreement under §2 GOÄ: made on this day, up to this factor, signed by the patient. */
    feeAgreementDate: date('fee_agreement_date', { mode: 'string' }),
    feeAgreementFactor: numeric('fee_agreement_factor', { precision: 3, scale: 2 }),
    feeAgreementSigned: boolean('fee_agreement_signed').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    unique('patients_number_per_practice').on(table.customerId, table.patientNumber),
    index('patients_therapist').on(table.therapistId),
    index('patients_customer_active').on(table.customerId).where(sql`${table.deletedAt} IS NULL`),
  ],
);
