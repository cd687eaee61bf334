import { type Language, SUPPORT_EMAIL } from '@praxia/shared';
import type { OutgoingMail } from './outbox.repo.js';
import { render } from './templates.js';

/**
 * To the previous address once an e-mail change is confirmed: its owner learns of it (and that its pending links no
 * longer work), so a change they did not make does not go unnoticed.
 */
export function emailChangedNoticeMail(to: string, language: Language, name: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Your Praxia e-mail address was changed',
          lines: [
            `Hello ${name},`,
            'the e-mail address of your Praxia account was changed to a new one. From now on, sign in with the new address; links sent earlier to this address (such as a password reset) no longer work.',
            `If you did not make this change, please contact us at once at ${SUPPORT_EMAIL}.`,
          ],
        }
      : {
          subject: 'Ihre E-Mail-Adresse bei Praxia wurde geändert',
          lines: [
            `Hallo ${name},`,
            'die E-Mail-Adresse Ihres Praxia-Kontos wurde auf eine neue Adresse geändert. Sie melden sich ab jetzt mit der neuen Adresse an; Links, die zuvor an diese Adresse gesendet wurden (etwa zum Zurücksetzen des Passworts), funktionieren nicht mehr.',
            `Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich bitte umgehend an ${SUPPORT_EMAIL}.`,
          ],
        },
  );
}
