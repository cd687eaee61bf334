import { formatPracticeDate, type Language } from '@praxia/shared';
import type { Template } from '../mail/index.js';

/** What the appointment mails say about the appointment: when, where, with whom. */
export type AppointmentFacts = {
  start: Date;
  end: Date;
  /** Already formatted ('07:00'). */
  startTime: string;
  endTime: string;
  isOnline: boolean;
  therapistName: string;
  practice: { name: string; address: string | null };
  client: { salutation: string | null; firstName: string | null; lastName: string | null };
};

// The patient is addressed formally (Sie): 'Guten Tag Frau Weber,'; without a salutation by full name.
function greeting(language: Language, client: AppointmentFacts['client']): string {
  const name = [client.firstName, client.lastName].filter(Boolean).join(' ');
  if (language === 'en') {
    const title = client.salutation === 'Frau' ? 'Ms' : client.salutation === 'Herr' ? 'Mr' : null;
    return title && client.lastName ? `Dear ${title} ${client.lastName},` : `Dear ${name || 'patient'},`;
  }
  if ((client.salutation === 'Frau' || client.salutation === 'Herr') && client.lastName) {
    return `Guten Tag ${client.salutation} ${client.lastName},`;
  }
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
}

function facts(language: Language, appointment: AppointmentFacts): string[] {
  const { practice } = appointment;
  const practiceLine = [practice.name, practice.address].filter(Boolean).join(', ');
  if (language === 'en') {
    return [
      `Date: ${formatPracticeDate(appointment.start)}`,
      `Time: ${appointment.startTime} – ${appointment.endTime}`,
      `Place: ${appointment.isOnline ? 'Online' : practiceLine}`,
      `With: ${appointment.therapistName}`,
      ...(appointment.isOnline ? [`Practice: ${practiceLine}`] : []),
    ];
  }
  return [
    `Datum: ${formatPracticeDate(appointment.start)}`,
    `Uhrzeit: ${appointment.startTime} – ${appointment.endTime} Uhr`,
    `Ort: ${appointment.isOnline ? 'Online' : practiceLine}`,
    `Bei: ${appointment.therapistName}`,
    ...(appointment.isOnline ? [`Praxis: ${practiceLine}`] : []),
  ];
}

/** What the mails say about the video link (the page checks camera and microphone before joining). */
function videoLinkLines(language: Language): string[] {
  return language === 'en'
    ? [
        'The appointment takes place as a video consultation. Please join with your personal link below: it works from 30 minutes before the start until the end of the appointment. You need no account; please do not pass the link on.',
      ]
    : [
        'Der Termin findet als Videosprechstunde statt. Bitte treten Sie über Ihren persönlichen Link unten bei: Er ist ab 30 Minuten vor Beginn bis zum Ende des Termins gültig. Sie benötigen kein Konto; bitte geben Sie den Link nicht weiter.',
      ];
}

const videoLinkLabel = (language: Language) =>
  language === 'en' ? 'Join the video consultation' : 'Zur Videosprechstunde';

export function bookingConfirmationText(
  language: Language,
  appointment: AppointmentFacts,
  cancelUrl: string,
  videoUrl?: string,
): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  const video = videoUrl ? videoLinkLines(language) : [];
  const videoLink = videoUrl ? [{ label: videoLinkLabel(language), url: videoUrl }] : [];
  return language === 'en'
    ? {
        subject: `Your appointment on ${when}`,
        lines: [
          greeting(language, appointment.client),
          'we hereby confirm your appointment:',
          ...facts(language, appointment),
          ...video,
          'If you cannot come, please cancel the appointment with the link below. It can be used once.',
        ],
        link: { label: 'Cancel appointment', url: cancelUrl },
        moreLinks: videoLink,
      }
    : {
        subject: `Ihr Termin am ${when} Uhr`,
        lines: [
          greeting(language, appointment.client),
          'hiermit bestätigen wir Ihren Termin:',
          ...facts(language, appointment),
          ...video,
          'Falls Sie den Termin nicht wahrnehmen können, sagen Sie ihn bitte über den folgenden Link ab. Der Link kann einmal verwendet werden.',
        ],
        link: { label: 'Termin absagen', url: cancelUrl },
        moreLinks: videoLink,
      };
}

/**
 * The patient's video link from the practice: sent again (the earlier one no longer works), or the first one, for a
 * held online booking once the practice has named its patient (its confirmation could not carry a link).
 */
export function videoLinkText(
  language: Language,
  appointment: AppointmentFacts,
  videoUrl: string,
  isFirstLink = false,
): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  return language === 'en'
    ? {
        subject: `Your video consultation on ${when}`,
        lines: [
          greeting(language, appointment.client),
          isFirstLink
            ? 'here is your personal link to the video consultation:'
            : 'here is your personal link to the video consultation again:',
          ...facts(language, appointment),
          ...videoLinkLines(language),
          ...(isFirstLink ? [] : ['A link you received earlier no longer works.']),
        ],
        link: { label: videoLinkLabel(language), url: videoUrl },
      }
    : {
        subject: `Ihre Videosprechstunde am ${when} Uhr`,
        lines: [
          greeting(language, appointment.client),
          isFirstLink
            ? 'hier erhalten Sie Ihren persönlichen Link zur Videosprechstunde:'
            : 'hier erhalten Sie erneut Ihren persönlichen Link zur Videosprechstunde:',
          ...facts(language, appointment),
          ...videoLinkLines(language),
          ...(isFirstLink ? [] : ['Ein früher erhaltener Link funktioniert nicht mehr.']),
        ],
        link: { label: videoLinkLabel(language), url: videoUrl },
      };
}

export function cancellationNoticeText(language: Language, appointment: AppointmentFacts): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  return language === 'en'
    ? {
        subject: `Your appointment on ${when} has been cancelled`,
        lines: [
          greeting(language, appointment.client),
          `unfortunately your appointment on ${when} with ${appointment.therapistName} has to be cancelled.`,
          `If you need a new appointment, please contact ${appointment.practice.name}.`,
        ],
      }
    : {
        subject: `Ihr Termin am ${when} Uhr wurde abgesagt`,
        lines: [
          greeting(language, appointment.client),
          `leider müssen wir Ihren Termin am ${when} Uhr bei ${appointment.therapistName} absagen.`,
          `Wenn Sie einen neuen Termin wünschen, wenden Sie sich bitte an ${appointment.practice.name}.`,
        ],
      };
}

/** To the patient who cancelled through the link: the cancellation went through (the link is used up). */
export function patientCancellationConfirmationText(language: Language, appointment: AppointmentFacts): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  return language === 'en'
    ? {
        subject: `Your appointment on ${when} is cancelled`,
        lines: [
          greeting(language, appointment.client),
          `your appointment on ${when} with ${appointment.therapistName} is cancelled as you asked.`,
          `If you need a new appointment, please contact ${appointment.practice.name}.`,
        ],
      }
    : {
        subject: `Ihr Termin am ${when} Uhr ist abgesagt`,
        lines: [
          greeting(language, appointment.client),
          `Ihr Termin am ${when} Uhr bei ${appointment.therapistName} ist wie gewünscht abgesagt.`,
          `Wenn Sie einen neuen Termin wünschen, wenden Sie sich bitte an ${appointment.practice.name}.`,
        ],
      };
}

export function reminderText(language: Language, appointment: AppointmentFacts): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  return language === 'en'
    ? {
        subject: `Reminder: your appointment on ${when}`,
        lines: [
          greeting(language, appointment.client),
          'we would like to remind you of your appointment:',
          ...facts(language, appointment),
          'If you cannot come, please cancel it with the link in your booking confirmation.',
        ],
      }
    : {
        subject: `Erinnerung: Ihr Termin am ${when} Uhr`,
        lines: [
          greeting(language, appointment.client),
          'wir möchten Sie an Ihren Termin erinnern:',
          ...facts(language, appointment),
          'Falls Sie den Termin nicht wahrnehmen können, sagen Sie ihn bitte über den Link in Ihrer Terminbestätigung ab.',
        ],
      };
}

/** To the therapist: a patient cancelled through the link. Initials only: e-mail is no place for health data. */
export function patientCancelledText(language: Language, appointment: AppointmentFacts, initials: string): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  return language === 'en'
    ? {
        subject: `Appointment on ${when} cancelled by the patient`,
        lines: [
          `The appointment on ${when} (${initials}) was cancelled by the patient through the cancel link.`,
          'The slot is free again in your calendar.',
        ],
      }
    : {
        subject: `Termin am ${when} Uhr vom Patienten abgesagt`,
        lines: [
          `Der Termin am ${when} Uhr (${initials}) wurde über den Absage-Link abgesagt.`,
          'Der Termin ist in Ihrem Kalender wieder frei.',
        ],
      };
}

/** To the therapist: a guest booked through the widget. Initials only, as with cancellations. */
export function onlineBookingNoticeText(
  language: Language,
  appointment: AppointmentFacts,
  initials: string,
  isHeld: boolean,
): Template {
  const when = `${formatPracticeDate(appointment.start)} ${appointment.startTime}`;
  return language === 'en'
    ? {
        subject: `New online booking on ${when}`,
        lines: [
          `The appointment on ${when} (${initials}) was booked online through your booking widget.`,
          isHeld
            ? 'The e-mail address given already belongs to one of your patients. As anyone can type an address, the booking was not joined to that record: please check the details in your calendar and assign the patient there.'
            : "You find it with the patient's details in your calendar.",
        ],
      }
    : {
        subject: `Neue Online-Buchung am ${when} Uhr`,
        lines: [
          `Der Termin am ${when} Uhr (${initials}) wurde online über Ihr Buchungs-Widget gebucht.`,
          isHeld
            ? 'Die angegebene E-Mail-Adresse gehört bereits zu einer Ihrer Patientinnen oder einem Ihrer Patienten. Weil jede Person eine E-Mail-Adresse eingeben kann, wurde die Buchung nicht mit dieser Akte verbunden: Bitte prüfen Sie die Angaben in Ihrem Kalender und ordnen Sie den Termin dort zu.'
            : 'Sie finden ihn mit den Angaben des Patienten in Ihrem Kalender.',
        ],
      };
}
