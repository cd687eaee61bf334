import iconv from 'iconv-lite';

/*
 * A DATEV booking batch ("DATEV-Format", EXTF, format category 21 'Buchungsstapel', format version 13): the file a
 * German tax adviser imports into DATEV Rechnungswesen. Line 1 is the header record of 31 fields, line 2 names the
 * columns, every further line is one booking. Fields are separated by ';', text in double quotes (a quote doubled),
 * amounts with a decimal comma and no thousands separator, the document date as DDMM within the batch's fiscal year,
 * lines end in CR LF, and the whole file is Windows-1252. DATEV reads the columns by position; the columns after
 * 'Buchungstext' are optional and left out.
 */

export type DatevHeader = {
  /** Beraternummer (1001–9999999) and Mandantennummer (1–99999), as the tax adviser assigned them. */
  consultantNumber: number;
  clientNumber: number;
  /** The first day of the fiscal year and the batch's period inside it, 'YYYY-MM-DD'. */
  fiscalYearStart: string;
  from: string;
  to: string;
  /** SKR 03 or SKR 04: written into the header so DATEV checks the accounts against it. */
  chart: 'SKR03' | 'SKR04';
  /** Shown in DATEV as the batch's name (at most 30 characters). */
  label: string;
  createdAt: Date;
};

export type DatevBooking = {
  /** The amount in cents, never negative: the direction is `side`. */
  amountCents: number;
  /** S (Soll, debit of `account`) or H (Haben, credit of `account`). */
  side: 'S' | 'H';
  account: number;
  contraAccount: number;
  /** The document date, 'YYYY-MM-DD'; it must lie in the header's period. */
  date: string;
  /** Belegfeld 1: the invoice number that ties a receivable to its payments and cancellation (OPOS). */
  reference: string;
  /** Belegfeld 2 (up to 12 characters), e.g. a cancellation's own number. */
  secondReference?: string;
  /** Buchungstext, at most 60 characters. */
  text: string;
};

/** Sachkontenlänge: the length of the general ledger accounts; personal accounts (debtors) have one digit more. */
export const LEDGER_ACCOUNT_LENGTH = 4;

/** The booking columns written, in DATEV's order: the first 14 of the format's 125. */
export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
] as const;

const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');
/** DDMM: DATEV takes the year from the header's period. */
const documentDate = (isoDate: string) => `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}`;
const amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
/** Belegfeld 1 allows letters, digits and $ & % * + - / ; anything else is dropped. */
const reference = (value: string, max: number) => value.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, max);

/** YYYYMMDDHHMMSSFFF in UTC. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:TZ.]/g, '');
}

/** The 31 fields of the header record, as the format lists them. */
function headerRecord(header: DatevHeader): string[] {
  return [
    quoted('EXTF'), // 1 Kennzeichen: a file written by a program other than DATEV
    '700', // 2 Versionsnummer of the header
    '21', // 3 Formatkategorie: Buchungsstapel
    quoted('Buchungsstapel'), // 4 Formatname
    '13', // 5 Formatversion
    timestamp(header.createdAt), // 6 Erzeugt am
    '', // 7 Importiert (DATEV fills it)
    quoted('RE'), // 8 Herkunft: two letters naming the source
    quoted('Praxia'), // 9 Exportiert von
    '', // 10 Importiert von (DATEV fills it)
    String(header.consultantNumber), // 11 Beraternummer
    String(header.clientNumber), // 12 Mandantennummer
    compactDate(header.fiscalYearStart), // 13 WJ-Beginn
    String(LEDGER_ACCOUNT_LENGTH), // 14 Sachkontenlänge
    compactDate(header.from), // 15 Datum vom
    compactDate(header.to), // 16 Datum bis
    quoted(header.label.slice(0, 30)), // 17 Bezeichnung
    quoted(''), // 18 Diktatkürzel
    '1', // 19 Buchungstyp: Finanzbuchführung
    '0', // 20 Rechnungslegungszweck: independent of it
    '0', // 21 Festschreibung: not locked, the adviser checks the batch first
    quoted('EUR'), // 22 WKZ
    '', // 23 reserved
    quoted(''), // 24 Derivatskennzeichen
    '', // 25 reserved
    '', // 26 reserved
    quoted(header.chart === 'SKR03' ? '03' : '04'), // 27 Sachkontenrahmen
    '', // 28 ID der Branchenlösung
    '', // 29 reserved
    quoted(''), // 30 reserved
    quoted(''), // 31 Anwendungsinformation
  ];
}

function bookingRecord(booking: DatevBooking): string[] {
  if (!Number.isInteger(booking.amountCents) || booking.amountCents <= 0) throw new RangeError('amountCents');
  return [
    amount(booking.amountCents),
    quoted(booking.side),
    quoted('EUR'),
    '',
    '',
    '',
    String(booking.account),
    String(booking.contraAccount),
    quoted(''),
    documentDate(booking.date),
    quoted(reference(booking.reference, 36)),
    quoted(reference(booking.secondReference ?? '', 12)),
    '',
    quoted(booking.text.replaceAll(/[\r\n]+/g, ' ').slice(0, 60)),
  ];
}

/** The batch as DATEV imports it: Windows-1252 bytes (characters it lacks become '?'). */
export function datevBatch(header: DatevHeader, bookings: readonly DatevBooking[]): Buffer {
  for (const booking of bookings) {
    if (booking.date < header.from || booking.date > header.to) throw new RangeError(`date ${booking.date}`);
  }
  const lines = [
    headerRecord(header).join(';'),
    DATEV_COLUMNS.map(quoted).join(';'),
    ...bookings.map((booking) => bookingRecord(booking).join(';')),
  ];
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}
