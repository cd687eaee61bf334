import type { TaxNoteKey, TaxTotal } from './vat.js';

/**
 * Everything an issued invoice prints, frozen when it is issued (stored as JSON with the invoice): the PDF and the
 * Word file are drawn from this alone, so a later change of the practice, the patient or the catalogue never changes
 * an issued document. Amounts are integer cents; dates are calendar dates 'YYYY-MM-DD' (Europe/Berlin).
 */
export type InvoiceDocument = {
  kind: 'invoice' | 'cancellation';
  /** The printed invoice number, e.g. '1042'. */
  invoiceNumber: string;
  /** A cancellation (Storno) names the invoice it cancels, with that invoice's number and date. */
  cancels: { invoiceNumber: string; issueDate: string } | null;
  issueDate: string;
  dueDate: string;
  paymentTermDays: number;
  practice: DocumentPractice;
  therapist: DocumentTherapist;
  /** The one-line sender above the window (DIN 5008): the therapist's return address, else the practice's. */
  returnAddress: string;
  /** The window address: the patient's invoice address (free lines) or name and postal address. */
  recipient: { lines: string[] };
  patient: {
    name: string;
    birthday: string | null;
    /** Only when the therapist's setting shows it (invoicePatientNumber). */
    patientNumber: string | null;
  };
  /** The patient's default diagnosis, when one is set and the patient agreed to its printing. */
  diagnosis: { code: string | null; title: string } | null;
  lines: InvoiceDocumentLine[];
  taxTotals: TaxTotal[];
  /** Keys of the notes the document must print (§4 Nr.14a UStG exemption, §19 UStG small business). */
  taxNotes: TaxNoteKey[];
  totalCents: number;
  paymentModalities: string | null;
  bank: DocumentBank | null;
  /** The practice's free remark for its patients (patientRemark), then the patient's own invoice remark. */
  remark: string | null;
  /**
   * Whether the invoice printed the notice of §286 Abs.3 BGB (default 30 days after due date and receipt without a
   * reminder; a consumer only defaults so when told). Missing on invoices issued before it was printed.
   */
  defaultNotice?: boolean;
};

export type DocumentPractice = {
  name: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  /** Printed only when the practice shows it (showTaxNumber). */
  taxNumber: string | null;
  /** Storage key of the practice's logo at issue time (copied, so a new logo does not change the document). */
  logoKey: string | null;
};

export type DocumentTherapist = {
  /** Title, first and last name. */
  name: string;
  jobTitle: string | null;
  /** The therapist's qualification line, printed under the name beside the job title; absent on older documents. */
  qualification?: string | null;
  /** The therapist's invoice signature text (invoiceSignature). */
  signature: string | null;
};

export type DocumentBank = { iban: string; bic: string | null; accountHolder: string };

/** One printed line: one fee entry of one appointment (§12 GOÄ: date, number, description, factor, amount). */
export type InvoiceDocumentLine = {
  /** The appointment's date, 'YYYY-MM-DD'. */
  date: string;
  kind: 'goae' | 'coaching';
  /** The GOÄ number as billed ('812a'); null for coaching. */
  code: string | null;
  /** The description (the catalogue title or the entry's alternative title, or the coaching title). */
  title: string;
  /** Analog numbers: billed 'entsprechend' the reference item, printed with its number and name. */
  analogOf: { code: string; title: string } | null;
  /** The factor as printed ('2,3'); null for coaching. */
  factor: string | null;
  /** §12 Abs.3 GOÄ: the written justification of a factor above the threshold. */
  justification: string | null;
  /** §2 GOÄ: the day of the fee agreement a factor above the maximum rests on; absent on older documents. */
  feeAgreementDate?: string | null;
  /** 'per Video' (invoiceRemote mark) and 'probatorische Sitzung' marks. */
  isRemote: boolean;
  isProbatory: boolean;
  taxRatePercent: number;
  /** The amount was entered as gross including the VAT (notax coaching); absent on documents issued before. */
  taxIncluded?: boolean;
  netCents: number;
  taxCents: number;
  grossCents: number;
};

/** A payment reminder or the final dunning notice (spec §2.8), frozen like the invoice. */
export type OverdueNoticeDocument = {
  type: 'reminder' | 'notice';
  /** The n-th reminder; the final notice counts on from the reminders. */
  number: number;
  issueDate: string;
  dueDate: string;
  practice: DocumentPractice;
  therapist: DocumentTherapist;
  returnAddress: string;
  recipient: { lines: string[] };
  invoice: { invoiceNumber: string; issueDate: string; dueDate: string; totalCents: number };
  /** The opening line in the addressee's form ('Sehr geehrte Frau …,'); missing on notices drawn before it was. */
  salutation?: string;
  /** The letter's paragraphs: a polite reminder first; §286 BGB default and §288 BGB interest once in default. */
  paragraphs: string[];
  paymentModalities: string | null;
  bank: DocumentBank | null;
};
