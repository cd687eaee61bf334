import { formatEuro } from '@praxia/shared';

// The letters' paragraphs until the document layout work brings its own noticeParagraphs (documents/notice-texts.ts);
// the lead keeps one of the two at merge. Documents are German (the invoices are), dates DD.MM.YYYY.

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (calendar dates of the frozen document, no time zone involved). */
export const germanDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

export type NoticeTextFacts = {
  type: 'reminder' | 'notice';
  number: number;
  invoiceNumber: string;
  invoiceIssueDate: string;
  invoiceDueDate: string;
  totalCents: number;
  dueDate: string;
};

/** The letter's subject line: '1. Zahlungserinnerung zu Rechnung Nr. 1042', 'Mahnung zu Rechnung Nr. 1042'. */
export function noticeTitle(type: 'reminder' | 'notice', number: number, invoiceNumber: string): string {
  return type === 'notice'
    ? `Mahnung zu Rechnung Nr. ${invoiceNumber}`
    : `${number}. Zahlungserinnerung zu Rechnung Nr. ${invoiceNumber}`;
}

/**
 * The first reminder is a friendly note (an oversight is the usual cause); the later reminders and the final
 * notice state the default under §286 BGB — a reminder after the due date puts the debtor in default — and what
 * follows from it (default interest §288 BGB, costs).
 */
export function noticeParagraphs(facts: NoticeTextFacts): string[] {
  const amount = formatEuro(facts.totalCents);
  const invoice = `unsere Rechnung Nr. ${facts.invoiceNumber} vom ${germanDate(facts.invoiceIssueDate)}`;
  const payBy = `Bitte überweisen Sie den Betrag von ${amount} bis zum ${germanDate(facts.dueDate)}.`;
  if (facts.type === 'reminder' && facts.number === 1) {
    return [
      noticeTitle(facts.type, facts.number, facts.invoiceNumber),
      'Sehr geehrte Damen und Herren,',
      `sicher ist es Ihrer Aufmerksamkeit entgangen: Für ${invoice} über ${amount}, fällig am ${germanDate(facts.invoiceDueDate)}, konnten wir noch keinen Zahlungseingang feststellen.`,
      payBy,
      'Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
      'Mit freundlichen Grüßen',
    ];
  }
  const closing =
    facts.type === 'notice'
      ? 'Dies ist unsere letzte Mahnung. Geht der Betrag bis zu diesem Datum nicht ein, werden wir die Forderung ohne weitere Ankündigung gerichtlich geltend machen oder einem Inkassounternehmen übergeben; die dadurch entstehenden Kosten gehen zu Ihren Lasten.'
      : 'Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.';
  return [
    noticeTitle(facts.type, facts.number, facts.invoiceNumber),
    'Sehr geehrte Damen und Herren,',
    `${invoice} über ${amount} war am ${germanDate(facts.invoiceDueDate)} fällig. Trotz unserer Zahlungserinnerung ist bis heute kein Zahlungseingang zu verzeichnen.`,
    'Mit dieser Mahnung befinden Sie sich gemäß § 286 BGB in Verzug. Wir sind berechtigt, Verzugszinsen in gesetzlicher Höhe (§ 288 BGB) sowie den Ersatz des Verzugsschadens zu verlangen.',
    payBy,
    closing,
    'Mit freundlichen Grüßen',
  ];
}
