import { formatPracticeDate, formatPracticeDateTime, type Language } from '@praxia/shared';
import type { Template } from '../mail/index.js';

/** What the waiting-list mails name: the guest, the therapist and practice they wait for. */
export type WaitingFacts = { guestName: string; therapistName: string; practiceName: string };

const greeting = (language: Language, name: string) => (language === 'en' ? `Dear ${name},` : `Guten Tag ${name},`);
const removalLink = (language: Language, url: string) => ({
  label: language === 'en' ? 'Leave the waiting list' : 'Von der Warteliste entfernen',
  url,
});

/** The confirmation after joining; its link removes the entry. */
export function waitingListJoinedText(language: Language, facts: WaitingFacts, removalUrl: string): Template {
  return language === 'en'
    ? {
        subject: `You are on the waiting list of ${facts.therapistName}`,
        lines: [
          greeting(language, facts.guestName),
          `you are on the waiting list of ${facts.therapistName} (${facts.practiceName}).`,
          'When an appointment becomes free, we will let you know by e-mail. Whoever books first gets it.',
          'Your name and e-mail address are deleted after 60 days at the latest, or at once with the link below.',
        ],
        link: removalLink(language, removalUrl),
      }
    : {
        subject: `Sie stehen auf der Warteliste von ${facts.therapistName}`,
        lines: [
          greeting(language, facts.guestName),
          `Sie stehen auf der Warteliste von ${facts.therapistName} (${facts.practiceName}).`,
          'Wird ein Termin frei, benachrichtigen wir Sie per E-Mail. Wer zuerst bucht, erhält den Termin.',
          'Ihr Name und Ihre E-Mail-Adresse werden spätestens nach 60 Tagen gelöscht, oder sofort über den folgenden Link.',
        ],
        link: removalLink(language, removalUrl),
      };
}

/** A freed slot offered: the link opens the widget on that week; first to book wins. */
export function waitingListOfferText(
  language: Language,
  facts: WaitingFacts & { start: Date; end: Date },
  bookUrl: string,
  removalUrl: string,
): Template {
  const date = formatPracticeDate(facts.start);
  const times = `${formatPracticeDateTime(facts.start).slice(11)} – ${formatPracticeDateTime(facts.end).slice(11)}`;
  return language === 'en'
    ? {
        subject: `An appointment has become free on ${date}`,
        lines: [
          greeting(language, facts.guestName),
          `an appointment with ${facts.therapistName} (${facts.practiceName}) has become free: ${date}, ${times}.`,
          'Several people on the waiting list receive this e-mail; whoever books first gets the appointment.',
        ],
        link: { label: 'Book the appointment', url: bookUrl },
        moreLinks: [removalLink(language, removalUrl)],
      }
    : {
        subject: `Ein Termin am ${date} ist frei geworden`,
        lines: [
          greeting(language, facts.guestName),
          `Bei ${facts.therapistName} (${facts.practiceName}) ist ein Termin frei geworden: ${date}, ${times} Uhr.`,
          'Diese E-Mail erhalten mehrere Personen der Warteliste; wer zuerst bucht, erhält den Termin.',
        ],
        link: { label: 'Termin buchen', url: bookUrl },
        moreLinks: [removalLink(language, removalUrl)],
      };
}
