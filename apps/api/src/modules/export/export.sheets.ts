import { formatRateUi, parseRate } from '@praxia/shared';
import { toCsv } from './export.csv.js';
import type { listExportDiagnoses, listExportFeeDefaults, listExportPatients } from './export.repo.js';

type PatientRow = Awaited<ReturnType<typeof listExportPatients>>[number];
type DiagnosisRow = Awaited<ReturnType<typeof listExportDiagnoses>>[number];
type FeeDefaultRow = Awaited<ReturnType<typeof listExportFeeDefaults>>[number];

// The export is read by people (a patient's copy under Art. 15 DSGVO) and German spreadsheets: every cell says what
// the screen says, not the stored code.
const INSURANCE: Record<string, string> = { legally: 'gesetzlich', privately: 'privat' };
const COACHING_TAX: Record<string, string> = { add: 'zzgl. USt.', notax: 'inkl. USt.' };
const euros = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nein');

/** A calendar date 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
export function germanDate(isoDate: string | null): string | null {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : isoDate;
}

/** A stored rate '2.30' as the fee form writes it: '2,3'. */
export function germanRate(rate: string | null): string | null {
  const hundredths = rate === null ? null : parseRate(rate);
  return hundredths === null ? rate : formatRateUi(hundredths);
}

/** Cents as euros with a decimal comma, without the sign (the column names the currency): 123456 → '1.234,56'. */
export const germanEuros = (cents: number | null) => (cents === null ? null : euros.format(cents / 100));

export function patientsCsv(rows: PatientRow[]): Buffer {
  return toCsv(
    [
      'Patientennummer',
      'Anrede',
      'Titel',
      'Vorname',
      'Nachname',
      'E-Mail',
      'Telefon',
      'Telefon-Land',
      'Geburtsdatum',
      'Straße',
      'PLZ',
      'Ort',
      'Land',
      'Versicherung',
      'c/o',
      'Rechnungsadresse',
      'Rechnung digital',
      'Interne Notiz',
      'Rechnungsvermerk',
    ],
    rows.map((p) => [
      p.patientNumber,
      p.salutation,
      p.title,
      p.firstName,
      p.lastName,
      p.email,
      p.phone,
      p.phoneCountry,
      germanDate(p.birthday),
      p.street,
      p.postalCode,
      p.city,
      p.country,
      p.insuranceType && INSURANCE[p.insuranceType],
      p.careOf,
      p.invoiceAddress,
      yesNo(p.invoiceDigital === 'yes'),
      p.internalNote,
      p.invoiceRemark,
    ]),
  );
}

export function diagnosesCsv(rows: DiagnosisRow[], patients: PatientRow[]): Buffer {
  const patientOf = new Map(patients.map((row) => [row.id, row]));
  return toCsv(
    ['Patientennummer', 'ICD-10', 'Titel', 'Freitext', 'Standard'],
    rows.map((d) => {
      const patient = patientOf.get(d.userId);
      return [
        patient?.patientNumber,
        d.codeValue,
        d.title,
        d.freeText,
        yesNo(patient?.defaultUserDiagnosisId === d.id),
      ];
    }),
  );
}

export function feeDefaultsCsv(rows: FeeDefaultRow[], patients: PatientRow[]): Buffer {
  const numberOf = new Map(patients.map((row) => [row.id, row.patientNumber]));
  return toCsv(
    [
      'Patientennummer',
      'GOÄ-Ziffer',
      'Alternativer Titel',
      'Steigerungssatz',
      'Coaching-Titel',
      'Coaching-Betrag (€)',
      'Umsatzsteuer',
    ],
    rows.map((f) => [
      numberOf.get(f.userId),
      f.codeValue,
      f.alternativeTitle,
      germanRate(f.incrementalRate),
      f.coachingTitle,
      germanEuros(f.coachingAmountCents),
      f.coachingAmountTax && COACHING_TAX[f.coachingAmountTax],
    ]),
  );
}
