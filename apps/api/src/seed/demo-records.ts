import { randomUUID } from 'node:crypto';
import { addPracticeDays, Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import {
  customers,
  medicalHistoryEntries,
  patients,
  userCustomers,
  userDiagnoses,
  userFeeDefaults,
  users,
} from '../db/schema.js';
import type { FileStorage } from '../storage/file-storage.js';
import { unlistKeys, writeUnreferenced } from '../storage/unreferenced-files.js';
import { renderDemoReport } from './demo-pdf.js';

type DemoPatient = {
  /** The demo patient account (patient@example.org) already exists; the others are records without an account. */
  email: string;
  salutation: 'Herr' | 'Frau';
  firstName: string;
  lastName: string;
  birthday: string;
  insuranceType: 'legally' | 'privately';
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  diagnoses: ({ code: string } | { text: string })[];
  /** A rate above the item's threshold carries its justification (§12 Abs.3 GOÄ), as the patient form demands. */
  fees: ({ code: string; rate: string; justification?: string } | { coaching: string; cents: number })[];
  /** A signed fee agreement under §2 GOÄ. */
  feeAgreement?: { date: string; factor: string };
  notes: string[];
  report?: boolean;
  /** The invoice address, when someone else pays (a company: its invoices can also be had as XRechnung). */
  invoiceAddress?: string;
};

const DEMO_PATIENTS: DemoPatient[] = [
  {
    email: 'patient@example.org',
    salutation: 'Herr',
    firstName: 'Tim',
    lastName: 'Neumann',
    birthday: '1988-03-14',
    insuranceType: 'privately',
    street: 'Torstraße 101',
    postalCode: '10119',
    city: 'Berlin',
    phone: '+4915112345001',
    diagnoses: [{ code: 'F32.1' }, { code: 'F41.1' }],
    fees: [{ code: '870', rate: '2.3' }],
    notes: [
      'Erstgespräch: gedrückte Stimmung seit etwa sechs Monaten, Schlafstörungen, Rückzug. Therapieziele besprochen.',
      'Sitzung 3: Aktivitätenplan eingeführt; Herr Neumann berichtet von zwei Spaziergängen in der Woche.',
    ],
    report: true,
  },
  {
    email: 'anna.schmidt@example.org',
    salutation: 'Frau',
    firstName: 'Anna',
    lastName: 'Schmidt',
    birthday: '1992-07-02',
    insuranceType: 'privately',
    street: 'Kastanienallee 5',
    postalCode: '10435',
    city: 'Berlin',
    phone: '+4915112345002',
    diagnoses: [{ code: 'F41.0' }],
    fees: [
      {
        code: '870',
        rate: '3',
        justification:
          'Aufgrund der besonderen Schwierigkeit der Behandlung wird der angegebene Steigerungssatz veranschlagt.',
      },
    ],
    notes: ['Panikattacken in öffentlichen Verkehrsmitteln; Psychoedukation zum Teufelskreis der Angst.'],
  },
  {
    email: 'lukas.fischer@example.org',
    salutation: 'Herr',
    firstName: 'Lukas',
    lastName: 'Fischer',
    birthday: '1979-11-23',
    insuranceType: 'legally',
    street: 'Bergmannstraße 44',
    postalCode: '10961',
    city: 'Berlin',
    phone: '+4915112345003',
    diagnoses: [{ code: 'F43.1' }],
    // Above 3,5 through his signed fee agreement (§2 GOÄ), with the reason the factor above 2,3 needs (§12 Abs.3).
    feeAgreement: { date: '2025-09-01', factor: '4.00' },
    fees: [
      {
        code: '870',
        rate: '4',
        justification:
          'Aufgrund des erhöhten Zeitaufwands durch die komplexe Traumafolgesymptomatik wird der vereinbarte Steigerungssatz veranschlagt.',
      },
    ],
    notes: ['Stabilisierung: Imaginationsübung „sicherer Ort“ eingeübt.'],
  },
  {
    email: 'julia.wagner@example.org',
    salutation: 'Frau',
    firstName: 'Julia',
    lastName: 'Wagner',
    birthday: '1985-05-09',
    insuranceType: 'privately',
    street: 'Schönhauser Allee 80',
    postalCode: '10439',
    city: 'Berlin',
    phone: '+4915112345004',
    diagnoses: [{ text: 'Erschöpfungssyndrom bei beruflicher Überlastung' }],
    fees: [{ coaching: 'Coaching-Sitzung (60 Minuten)', cents: 12000 }],
    notes: ['Zielklärung: Grenzen im Arbeitsalltag, Pausen planen.'],
    // Her employer pays the coaching: a business client.
    invoiceAddress: 'Spreelicht Logistik GmbH\nz. Hd. Frau Julia Wagner\nHolzmarktstraße 25\n10243 Berlin',
  },
  {
    email: 'mehmet.yilmaz@example.org',
    salutation: 'Herr',
    firstName: 'Mehmet',
    lastName: 'Yılmaz',
    birthday: '2001-01-30',
    insuranceType: 'legally',
    street: 'Sonnenallee 120',
    postalCode: '12045',
    city: 'Berlin',
    phone: '+4915112345005',
    diagnoses: [{ code: 'F90.0' }],
    fees: [{ code: '804', rate: '2.3' }],
    notes: ['Diagnostik abgeschlossen; Organisationshilfen für das Studium besprochen.'],
  },
];

async function findUserId(tx: Executor, email: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

/**
 * Five patients of the demo therapist (therapeutin@example.org) with diagnoses, fee defaults, notes and one PDF,
 * so a newcomer opens a working practice. Skipped when the therapist has patients already.
 */
export async function seedDemoRecords(db: Database, storage: FileStorage): Promise<void> {
  const target = await findSeedTarget(db);
  if (!target) return;
  // The reports are written before the transaction (listed as unreferenced until it commits), never inside it.
  const reports = new Map<string, { key: string; data: Buffer }>();
  for (const demo of DEMO_PATIENTS) {
    if (!demo.report) continue;
    const data = await renderDemoReport(`${demo.firstName} ${demo.lastName}`, 'Dipl.-Psych. Miriam Weber');
    reports.set(demo.email, { key: `practices/${target.customerId}/documents/${randomUUID()}.pdf`, data });
  }
  const files = [...reports.values()];
  await writeUnreferenced(
    db,
    storage,
    files.map(({ key, data }) => ({ key, write: (into) => into.put(key, data) })),
  );
  await db.transaction(async (tx) => {
    // Checked again under the transaction: another process may have seeded meanwhile (its files then stay listed).
    if (!(await findSeedTarget(tx))) return;
    const { therapistId, customerId } = target;
    const [practice] = await tx.select().from(customers).where(eq(customers.id, customerId));
    let patientNumber = practice?.firstPatientNumber ?? 1001;
    const now = new Date();

    for (const demo of DEMO_PATIENTS) {
      const accountId = await findUserId(tx, demo.email);
      const values = {
        salutation: demo.salutation,
        firstName: demo.firstName,
        lastName: demo.lastName,
        phone: demo.phone,
        street: demo.street,
        postalCode: demo.postalCode,
        city: demo.city,
      };
      let userId: number;
      if (accountId === undefined) {
        const [row] = await tx
          .insert(users)
          .values({ ...values, email: demo.email, roles: Role.REGISTERED, isAccount: false, isConfirmed: true })
          .returning({ id: users.id });
        if (!row) throw new Error('demo patient insert returned no row');
        userId = row.id;
      } else {
        userId = accountId;
        await tx.update(users).set(values).where(eq(users.id, userId));
      }
      await tx.insert(patients).values({
        userId,
        customerId,
        therapistId,
        patientNumber: patientNumber++,
        birthday: demo.birthday,
        insuranceType: demo.insuranceType,
        // Private patients let their invoices name the diagnosis for the insurer; the coaching client does not.
        diagnosisOnInvoice: demo.insuranceType === 'privately' && demo.fees.some((fee) => 'code' in fee),
        feeAgreementDate: demo.feeAgreement?.date ?? null,
        feeAgreementFactor: demo.feeAgreement?.factor ?? null,
        feeAgreementSigned: demo.feeAgreement !== undefined,
        invoiceAddress: demo.invoiceAddress ?? null,
      });

      const diagnosisIds: number[] = [];
      for (const diagnosis of demo.diagnoses) {
        const [row] = await tx
          .insert(userDiagnoses)
          .values({
            customerId,
            userId,
            codeValue: 'code' in diagnosis ? diagnosis.code : null,
            freeText: 'text' in diagnosis ? diagnosis.text : null,
          })
          .returning({ id: userDiagnoses.id });
        if (row) diagnosisIds.push(row.id);
      }
      await tx
        .update(patients)
        .set({ defaultUserDiagnosisId: diagnosisIds[0] ?? null })
        .where(and(eq(patients.userId, userId), eq(patients.customerId, customerId)));

      for (const fee of demo.fees) {
        await tx.insert(userFeeDefaults).values(
          'code' in fee
            ? {
                customerId,
                userId,
                codeValue: fee.code,
                incrementalRate: fee.rate,
                justification: fee.justification ?? null,
              }
            : {
                customerId,
                userId,
                coachingTitle: fee.coaching,
                coachingAmountCents: fee.cents,
                coachingAmountTax: 'add',
              },
        );
      }

      // One note a week up to yesterday, so the history reads like a course of treatment.
      for (const [index, note] of demo.notes.entries()) {
        const createdAt = addPracticeDays(now, -1 - 7 * (demo.notes.length - 1 - index));
        await tx
          .insert(medicalHistoryEntries)
          .values({ customerId, clientId: userId, therapistId, note, createdBy: therapistId, createdAt });
      }
      const report = reports.get(demo.email);
      if (report) {
        const { key, data } = report;
        await tx.insert(medicalHistoryEntries).values({
          customerId,
          clientId: userId,
          therapistId,
          filename: 'Befundbericht.pdf',
          storageKey: key,
          contentType: 'application/pdf',
          sizeBytes: data.length,
          sharedWithPatient: true,
          createdBy: therapistId,
        });
      }
    }
    await unlistKeys(
      tx,
      files.map((file) => file.key),
    );
  });
}

/** The demo therapist and their practice, when they exist and have no patients yet. */
async function findSeedTarget(tx: Executor): Promise<{ therapistId: number; customerId: number } | undefined> {
  const therapistId = await findUserId(tx, 'therapeutin@example.org');
  if (therapistId === undefined) return undefined;
  const [link] = await tx
    .select({ customerId: userCustomers.customerId })
    .from(userCustomers)
    .where(eq(userCustomers.userId, therapistId));
  if (!link) return undefined;
  const existing = await tx.select({ id: patients.userId }).from(patients).where(eq(patients.therapistId, therapistId));
  return existing.length > 0 ? undefined : { therapistId, customerId: link.customerId };
}
