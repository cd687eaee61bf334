import type { Language } from '@praxia/shared';
import type { OutgoingMail } from './outbox.repo.js';

type Link = { label: string; url: string };
/** A mail's text lines and its links: the main one, then further ones (a waiting-list offer also has its removal link). */
export type Template = { subject: string; lines: string[]; link?: Link; moreLinks?: Link[] };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function render(recipient: string, template: Template): OutgoingMail {
  const links = [...(template.link ? [template.link] : []), ...(template.moreLinks ?? [])];
  const text = [...template.lines, ...links.flatMap((link) => ['', `${link.label}: ${link.url}`])];
  const html = [
    ...template.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
  ];
  return {
    recipient,
    subject: template.subject,
    textBody: `${text.join('\n')}\n\n-- \nPraxia\n`,
    htmlBody: `<!doctype html><html><body>${html.join('')}<p>Praxia</p></body></html>`,
  };
}

export const greeting = (language: Language, name: string) => (language === 'en' ? `Hello ${name},` : `Hallo ${name},`);

export function loginCodeMail(to: string, language: Language, name: string, pin: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: `Your Praxia access code: ${pin}`,
          lines: [
            greeting(language, name),
            `your access code is ${pin}.`,
            'It is valid for 10 minutes and can be used once. If you did not try to sign in, please change your password.',
          ],
        }
      : {
          subject: `Ihr Praxia-Zugangscode: ${pin}`,
          lines: [
            greeting(language, name),
            `Ihr Zugangscode lautet ${pin}.`,
            'Er ist 10 Minuten gültig und kann einmal verwendet werden. Wenn Sie sich nicht anmelden wollten, ändern Sie bitte Ihr Passwort.',
          ],
        },
  );
}

export function passwordResetMail(to: string, language: Language, name: string, url: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Reset your Praxia password',
          lines: [
            greeting(language, name),
            'you asked to reset your password. The link is valid for 24 hours and can be used once.',
            'If you did not ask for this, you can ignore this e-mail.',
          ],
          link: { label: 'Set a new password', url },
        }
      : {
          subject: 'Ihr Praxia-Passwort zurücksetzen',
          lines: [
            greeting(language, name),
            'Sie haben angefordert, Ihr Passwort zurückzusetzen. Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
            'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
          ],
          link: { label: 'Neues Passwort festlegen', url },
        },
  );
}

export function emailChangeMail(to: string, language: Language, name: string, url: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Confirm your new e-mail address for Praxia',
          lines: [
            greeting(language, name),
            'please confirm your new e-mail address with your password. Until then your previous address stays in use. The link is valid for 24 hours.',
          ],
          link: { label: 'Confirm e-mail address', url },
        }
      : {
          subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Praxia',
          lines: [
            greeting(language, name),
            'bitte bestätigen Sie Ihre neue E-Mail-Adresse mit Ihrem Passwort. Bis dahin bleibt Ihre bisherige Adresse gültig. Der Link ist 24 Stunden gültig.',
          ],
          link: { label: 'E-Mail-Adresse bestätigen', url },
        },
  );
}

/** To the owner of an address that someone else entered as their new e-mail address; says nothing about who. */
export function emailTakenNoticeMail(to: string, language: Language, name: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Your e-mail address was entered at Praxia',
          lines: [
            greeting(language, name),
            'someone tried to use your e-mail address for another Praxia account. It was not changed, and your account stays as it is.',
            'If that was you by mistake, you do not need to do anything.',
          ],
        }
      : {
          subject: 'Ihre E-Mail-Adresse wurde bei Praxia angegeben',
          lines: [
            greeting(language, name),
            'jemand hat versucht, Ihre E-Mail-Adresse für ein anderes Praxia-Konto einzutragen. Sie wurde dort nicht übernommen, und Ihr Konto bleibt unverändert.',
            'Wenn Sie das versehentlich selbst waren, müssen Sie nichts tun.',
          ],
        },
  );
}

export function registrationConfirmMail(to: string, language: Language, name: string, url: string): OutgoingMail {
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Please confirm your registration with Praxia',
          lines: [
            greeting(language, name),
            'thank you for registering your practice. Please confirm your e-mail address; then you can sign in and try Praxia free of charge for 14 days.',
          ],
          link: { label: 'Confirm registration', url },
        }
      : {
          subject: 'Bitte bestätigen Sie Ihre Registrierung bei Praxia',
          lines: [
            greeting(language, name),
            'vielen Dank für die Registrierung Ihrer Praxis. Bitte bestätigen Sie Ihre E-Mail-Adresse; danach können Sie sich anmelden und Praxia 14 Tage kostenlos testen.',
          ],
          link: { label: 'Registrierung bestätigen', url },
        },
  );
}

/** To a new staff user created by an admin or owner: a link to set their password (valid 7 days, used once). */
export function staffInvitationMail(
  to: string,
  language: Language,
  name: string,
  practiceName: string | null,
  url: string,
): OutgoingMail {
  const at = (prefix: string) => (practiceName ? ` ${prefix} ${practiceName}` : '');
  return render(
    to,
    language === 'en'
      ? {
          subject: 'Your Praxia access',
          lines: [
            greeting(language, name),
            `an account was created for you at Praxia${at('for')}. Please set your password to sign in. The link is valid for 7 days and can be used once.`,
          ],
          link: { label: 'Set password', url },
        }
      : {
          subject: 'Ihr Zugang zu Praxia',
          lines: [
            greeting(language, name),
            `für Sie wurde ein Zugang zu Praxia angelegt${at('für')}. Bitte legen Sie Ihr Passwort fest, um sich anzumelden. Der Link ist 7 Tage gültig und kann einmal verwendet werden.`,
          ],
          link: { label: 'Passwort festlegen', url },
        },
  );
}
