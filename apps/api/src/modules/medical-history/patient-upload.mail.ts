import type { Language } from '@praxia/shared';
import type { OutgoingMail } from '../mail/index.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Tells the therapist that a patient sent a document. It names the patient but never the file or its content: mail
 * is not the place for health data; the link leads to the signed-in history.
 */
export function patientUploadMail(
  to: string,
  language: Language,
  therapistName: string,
  patientName: string,
  url: string,
): OutgoingMail {
  const isEnglish = language === 'en';
  const subject = isEnglish
    ? 'A patient sent you a document'
    : 'Eine Patientin oder ein Patient hat Ihnen ein Dokument gesendet';
  const lines = isEnglish
    ? [
        `Hello ${therapistName},`,
        `${patientName} has sent you a document through Praxia.`,
        'You find it in the medical history.',
      ]
    : [
        `Hallo ${therapistName},`,
        `${patientName} hat Ihnen über Praxia ein Dokument gesendet.`,
        'Sie finden es im Verlauf der Patientenakte.',
      ];
  const label = isEnglish ? 'Open the medical history' : 'Verlauf öffnen';
  return {
    recipient: to,
    subject,
    textBody: `${lines.join('\n')}\n\n${label}: ${url}\n\n-- \nPraxia\n`,
    htmlBody: `<!doctype html><html><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p><p>Praxia</p></body></html>`,
  };
}
