import type { Language } from '@praxia/shared';
import type { Template } from '../mail/index.js';

/** Which document a link delivers, as the mail and the page name it (no amounts, no treatment). */
export type DeliveredKind = 'invoice' | 'reminder' | 'notice';

const KIND_DE: Record<DeliveredKind, string> = {
  invoice: 'eine Rechnung',
  reminder: 'eine Zahlungserinnerung',
  notice: 'eine Mahnung',
};
const KIND_EN: Record<DeliveredKind, string> = {
  invoice: 'an invoice',
  reminder: 'a payment reminder',
  notice: 'a dunning notice',
};

/**
 * The patient's e-mail with the download link. Mail travels unencrypted between servers, so it names only the
 * practice and the kind of document — no name, amount or treatment; the document itself needs the SMS code.
 */
export function invoiceDeliveryMailText(
  language: Language,
  practiceName: string,
  kind: DeliveredKind,
  url: string,
): Template {
  return language === 'en'
    ? {
        subject: `A document from ${practiceName}`,
        lines: [
          'Hello,',
          `${practiceName} has sent you ${KIND_EN[kind]}.`,
          'Open the link below to download it. To protect your data, we send a 6-digit code to your mobile phone by text message, which you enter on the page.',
          'The link is valid for 30 days.',
        ],
        link: { label: 'Download the document', url },
      }
    : {
        subject: `Ein Dokument von ${practiceName}`,
        lines: [
          'Guten Tag,',
          `${practiceName} hat Ihnen ${KIND_DE[kind]} zugestellt.`,
          'Öffnen Sie den folgenden Link, um das Dokument herunterzuladen. Zum Schutz Ihrer Daten senden wir Ihnen dort einen 6-stelligen Code per SMS an Ihre Mobilnummer, den Sie auf der Seite eingeben.',
          'Der Link ist 30 Tage gültig.',
        ],
        link: { label: 'Dokument herunterladen', url },
      };
}

/** The SMS with the code: the practice name so the patient knows what it is for, nothing else. */
export function deliveryCodeSmsText(language: Language, practiceName: string, code: string): string {
  return language === 'en'
    ? `${code} is your code for the document from ${practiceName}. Valid for 10 minutes.`
    : `${code} ist Ihr Code für das Dokument von ${practiceName}. Gültig für 10 Minuten.`;
}

/**
 * To the invoice's therapist when a download link was locked after too many codes or wrong tries: someone may be
 * guessing, or the patient is stuck. Names only the document; sending it again makes a new link.
 */
export function deliveryLockedMailText(language: Language, name: string, documentLabel: string): Template {
  return language === 'en'
    ? {
        subject: `Download link locked: ${documentLabel}`,
        lines: [
          `Hello ${name},`,
          `the patient's download link for ${documentLabel} was locked because too many codes were requested or wrong codes entered. The document itself was not opened.`,
          'If the patient still needs it, please send the document again; this creates a new link.',
        ],
      }
    : {
        subject: `Download-Link gesperrt: ${documentLabel}`,
        lines: [
          `Hallo ${name},`,
          `der Download-Link des Patienten für ${documentLabel} wurde gesperrt, weil zu viele Codes angefordert oder zu oft falsche Codes eingegeben wurden. Das Dokument selbst wurde nicht geöffnet.`,
          'Wenn der Patient es noch benötigt, senden Sie das Dokument bitte erneut; dabei entsteht ein neuer Link.',
        ],
      };
}
