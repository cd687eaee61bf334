import type { Language } from '@praxia/shared';
import type { OutgoingMail } from './outbox.repo.js';
import { greeting, render } from './templates.js';

// Both mails tell the user what changed on their account, so that a change they did not make stands out.

export function passkeyAddedMail(to: string, language: Language, name: string, passkeyName: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'A passkey was added to your Praxia account',
          lines: [
            greeting(language, name),
            `the passkey "${passkeyName}" was added to your account. From now on it signs you in to Praxia.`,
            'If you did not add it, remove it in your profile under "Passkeys" and change your password.',
          ],
        }
      : {
          subject: 'Ein Passkey wurde zu Ihrem Praxia-Konto hinzugefügt',
          lines: [
            greeting(language, name),
            `der Passkey „${passkeyName}“ wurde zu Ihrem Konto hinzugefügt. Mit ihm können Sie sich ab jetzt bei Praxia anmelden.`,
            'Wenn Sie ihn nicht hinzugefügt haben, entfernen Sie ihn bitte in Ihrem Profil unter „Passkeys“ und ändern Sie Ihr Passwort.',
          ],
        },
  );
}

export function passkeyRemovedMail(to: string, language: Language, name: string, passkeyName: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'A passkey was removed from your Praxia account',
          lines: [
            greeting(language, name),
            `the passkey "${passkeyName}" was removed from your account. It no longer signs you in to Praxia.`,
            'If you did not remove it, please change your password and tell your practice.',
          ],
        }
      : {
          subject: 'Ein Passkey wurde aus Ihrem Praxia-Konto entfernt',
          lines: [
            greeting(language, name),
            `der Passkey „${passkeyName}“ wurde aus Ihrem Konto entfernt. Mit ihm ist keine Anmeldung bei Praxia mehr möglich.`,
            'Wenn Sie ihn nicht entfernt haben, ändern Sie bitte Ihr Passwort und informieren Sie Ihre Praxis.',
          ],
        },
  );
}
