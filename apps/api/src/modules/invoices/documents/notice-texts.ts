import type { OverdueNoticeDocument } from '@praxia/shared';
import { euro, germanDate } from './format.js';

type NoticeInvoice = OverdueNoticeDocument['invoice'];

/** The subject: 'Zahlungserinnerung' (the n-th from the second on) or 'Mahnung' for the final notice. */
export function noticeTitle(type: OverdueNoticeDocument['type'], number: number): string {
  if (type === 'notice') return 'Mahnung';
  return number > 1 ? `${number}. Zahlungserinnerung` : 'Zahlungserinnerung';
}

/**
 * The body paragraphs of a payment reminder or the final notice (German, Sie-form), frozen into the notice's
 * document. The first reminder is polite and assumes an oversight; later reminders are firmer; the final notice states
 * the default (§286 BGB: the notice after the due date puts the debtor in default) and announces further steps.
 */
export function noticeParagraphs(
  type: OverdueNoticeDocument['type'],
  number: number,
  invoice: NoticeInvoice,
  dueDate: string,
): string[] {
  const reference = `Rechnung Nr. ${invoice.invoiceNumber} vom ${germanDate(invoice.issueDate)}`;
  const amount = euro(invoice.totalCents);
  const due = germanDate(dueDate);
  if (type === 'notice') {
    return [
      `trotz unserer Zahlungserinnerungen ist der Betrag von ${amount} aus unserer ${reference}, fällig am ${germanDate(invoice.dueDate)}, bis heute nicht bei uns eingegangen.`,
      'Mit dieser Mahnung befinden Sie sich gemäß § 286 BGB in Zahlungsverzug. Wir sind berechtigt, Verzugszinsen in gesetzlicher Höhe (§ 288 BGB) sowie den Ersatz des Verzugsschadens zu verlangen.',
      `Wir fordern Sie hiermit letztmalig auf, den offenen Betrag von ${amount} bis zum ${due} zu überweisen.`,
      'Sollte die Zahlung bis dahin nicht eingehen, werden wir ohne weitere Ankündigung weitere Schritte einleiten, insbesondere ein gerichtliches Mahnverfahren beantragen oder die Forderung einem Inkassounternehmen übergeben. Die dadurch entstehenden Kosten gehen zu Ihren Lasten.',
    ];
  }
  if (number > 1) {
    return [
      `leider haben wir auf unsere Zahlungserinnerung hin noch keinen Zahlungseingang für unsere ${reference} über ${amount} feststellen können. Der Betrag war am ${germanDate(invoice.dueDate)} fällig.`,
      `Wir bitten Sie nachdrücklich, den offenen Betrag bis spätestens ${due} zu überweisen.`,
      'Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos. Bei Fragen zur Rechnung erreichen Sie uns gerne telefonisch oder per E-Mail.',
    ];
  }
  return [
    `sicher ist es Ihrer Aufmerksamkeit entgangen, dass unsere ${reference} über ${amount} noch offen ist. Der Betrag war am ${germanDate(invoice.dueDate)} fällig.`,
    `Wir bitten Sie freundlich, den Betrag bis zum ${due} zu überweisen.`,
    'Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  ];
}
