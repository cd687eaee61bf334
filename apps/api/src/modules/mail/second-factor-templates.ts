import type { Language } from '@praxia/shared';
import type { OutgoingMail } from './outbox.repo.js';
import { greeting, render } from './templates.js';

// Each change of a sign-in factor is told to the account's owner, so one they did not make does not go unnoticed.

export function totpEnabledMail(to: string, language: Language, name: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Two-factor authentication switched on',
          lines: [
            greeting(language, name),
            'an authenticator app was set up as the second factor for your Praxia account. From now on you sign in with your password and a code from the app.',
            'If that was not you, please contact your practice owner at once and change your password.',
          ],
        }
      : {
          subject: 'Zwei-Faktor-Authentifizierung eingeschaltet',
          lines: [
            greeting(language, name),
            'für Ihr Praxia-Konto wurde eine Authenticator-App als zweiter Faktor eingerichtet. Sie melden sich ab jetzt mit Ihrem Passwort und einem Code aus der App an.',
            'Wenn Sie das nicht waren, wenden Sie sich bitte sofort an die Inhaberin oder den Inhaber Ihrer Praxis und ändern Sie Ihr Passwort.',
          ],
        },
  );
}

export function totpDisabledMail(to: string, language: Language, name: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Two-factor authentication switched off',
          lines: [
            greeting(language, name),
            'the authenticator app of your Praxia account was removed, and its recovery codes no longer work.',
            'If that was not you, please contact your practice owner at once and change your password.',
          ],
        }
      : {
          subject: 'Zwei-Faktor-Authentifizierung ausgeschaltet',
          lines: [
            greeting(language, name),
            'die Authenticator-App Ihres Praxia-Kontos wurde entfernt, ihre Wiederherstellungscodes gelten nicht mehr.',
            'Wenn Sie das nicht waren, wenden Sie sich bitte sofort an die Inhaberin oder den Inhaber Ihrer Praxis und ändern Sie Ihr Passwort.',
          ],
        },
  );
}

export function secondFactorsResetMail(to: string, language: Language, name: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Your second factors were reset',
          lines: [
            greeting(language, name),
            'your practice owner has reset the second factors of your Praxia account: your authenticator app, your recovery codes and your passkeys no longer work.',
            'Set up a second factor again in your profile after signing in. If you did not ask for this, please contact your practice owner.',
          ],
        }
      : {
          subject: 'Ihre zweiten Faktoren wurden zurückgesetzt',
          lines: [
            greeting(language, name),
            'die Inhaberin oder der Inhaber Ihrer Praxis hat die zweiten Faktoren Ihres Praxia-Kontos zurückgesetzt: Ihre Authenticator-App, Ihre Wiederherstellungscodes und Ihre Passkeys gelten nicht mehr.',
            'Richten Sie nach der Anmeldung in Ihrem Profil wieder einen zweiten Faktor ein. Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte an Ihre Praxis.',
          ],
        },
  );
}
