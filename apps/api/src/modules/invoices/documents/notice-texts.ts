import type { OverdueNoticeDocument } from '@praxia/shared';
import { euro, germanDate } from './format.js';

type NoticeInvoice = OverdueNoticeDocument['invoice'];

/** The subject: 'Zahlungserinnerung' (the n-th from the second on) or 'Mahnung' for the final notice. */
export function noticeTitle(type: OverdueNoticeDocument['type'], number: number): string {
  if (type === 'notice') return 'Mahnung';
  return number > 1 ? `${number}. Zahlungserinnerung` : 'Zahlungserinnerung';
}

/** Whom the letter addresses: the patient of the record (null when the invoice went to a free invoice address). */
export type NoticeAddressee = { salutation: string | null; title: string | null; firstName: string; lastName: string };

const named = (parts: (string | null)[]) => parts.filter((part) => part?.trim()).join(' ');

/** The opening line in the addressee's form; divers or no salutation reads 'Guten Tag' with the full name. */
export function noticeSalutation(addressee: NoticeAddressee | null): string {
  if (!addressee) return 'Sehr geehrte Damen und Herren,';
  const { salutation, title, firstName, lastName } = addressee;
  if (salutation === 'Frau') return `Sehr geehrte Frau ${named([title, lastName])},`;
  if (salutation === 'Herr') return `Sehr geehrter Herr ${named([title, lastName])},`;
  return `Guten Tag ${named([title, firstName, lastName])},`;
}

/**
 * What the letter may truthfully say, established when it is drawn: how many reminders went out before it, whether
 * the patient is in default (§286 BGB: after the deadline of a sent reminder, or 30 days after due date and receipt
 * of an invoice that carried the notice of §286 Abs.3 BGB), and whether the patient agreed that a claim may go to a
 * collection agency (without that consent, passing it on breaks the therapist's confidentiality, §203 StGB).
 */
export type NoticeFacts = { sentReminders: number; inDefault: boolean; collectionConsent: boolean };

const DEFAULT_CLAIM =
  'Sie befinden sich damit gemäß § 286 BGB in Zahlungsverzug. Wir sind berechtigt, Verzugszinsen in gesetzlicher Höhe (§ 288 BGB) zu verlangen.';

/**
 * The body paragraphs of a payment reminder or the final notice (German, Sie-form), frozen into the notice's
 * document. A reminder without an earlier one that went out is polite and assumes an oversight; after one it is
 * firmer. Default and interest are named only when the default exists; further steps only as far as allowed.
 */
export function noticeParagraphs(
  type: OverdueNoticeDocument['type'],
  invoice: NoticeInvoice,
  dueDate: string,
  facts: NoticeFacts,
): string[] {
  const reference = `Rechnung Nr. ${invoice.invoiceNumber} vom ${germanDate(invoice.issueDate)}`;
  const amount = euro(invoice.totalCents);
  const due = germanDate(dueDate);
  const reminders = facts.sentReminders === 1 ? 'Zahlungserinnerung' : 'Zahlungserinnerungen';
  const defaultClaim = facts.inDefault ? [DEFAULT_CLAIM] : [];
  if (type === 'notice') {
    const steps = facts.collectionConsent
      ? 'ein gerichtliches Mahnverfahren beantragen oder die Forderung einem Inkassounternehmen übergeben'
      : 'ein gerichtliches Mahnverfahren beantragen';
    return [
      `trotz unserer ${reminders} ist der Betrag von ${amount} aus unserer ${reference}, fällig am ${germanDate(invoice.dueDate)}, bis heute nicht bei uns eingegangen.`,
      ...(facts.inDefault
        ? [
            'Sie befinden sich damit gemäß § 286 BGB in Zahlungsverzug. Wir sind berechtigt, Verzugszinsen in gesetzlicher Höhe (§ 288 BGB) sowie den Ersatz des Verzugsschadens zu verlangen.',
          ]
        : []),
      `Wir fordern Sie hiermit letztmalig auf, den offenen Betrag von ${amount} bis zum ${due} zu überweisen.`,
      `Sollte die Zahlung bis dahin nicht eingehen, werden wir ohne weitere Ankündigung ${steps}. Die dadurch entstehenden Kosten gehen zu Ihren Lasten.`,
    ];
  }
  if (facts.sentReminders > 0) {
    return [
      `leider haben wir auf unsere ${reminders} hin noch keinen Zahlungseingang für unsere ${reference} über ${amount} feststellen können. Der Betrag war am ${germanDate(invoice.dueDate)} fällig.`,
      ...defaultClaim,
      `Wir bitten Sie nachdrücklich, den offenen Betrag bis spätestens ${due} zu überweisen.`,
      'Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos. Bei Fragen zur Rechnung erreichen Sie uns gerne telefonisch oder per E-Mail.',
    ];
  }
  return [
    `sicher ist es Ihrer Aufmerksamkeit entgangen, dass unsere ${reference} über ${amount} noch offen ist. Der Betrag war am ${germanDate(invoice.dueDate)} fällig.`,
    ...defaultClaim,
    `Wir bitten Sie freundlich, den Betrag bis zum ${due} zu überweisen.`,
    'Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  ];
}
