/*
 * The widget's texts in a plain object (not i18next, which alone would exceed the widget's budget). German first and
 * in the Sie-form; English complete. Validation keys are the server's (errors.ts), so its 422 messages read the same.
 */

import { fillIn, type GuestLanguage } from '../lib/guest-language';

export { pickLanguage } from '../lib/guest-language';

export type Language = GuestLanguage;

const de = {
  title: 'Online-Terminbuchung',
  therapistAt: '{therapist} · {practice}',
  notFound: 'Diese Terminbuchung gibt es nicht. Bitte prüfen Sie den Link.',
  insuranceLegend: 'Wie sind Sie versichert?',
  legally: 'gesetzlich',
  privately: 'privat',
  typeLabel: 'Terminart',
  typeChoose: 'Bitte wählen …',
  typeOtherInsurance: '(nicht für Ihre Versicherung)',
  chooseFirst: 'Bitte wählen Sie Ihre Versicherung und die Terminart, dann sehen Sie die freien Termine.',
  slotsTitle: 'Freie Termine',
  previousWeek: 'Vorherige Woche',
  nextWeek: 'Nächste Woche',
  loading: 'Termine werden geladen …',
  nextFree: 'Nächster freier Termin:',
  slotAt: '{weekday}, {date} um {time} Uhr',
  noSlotAtAll: 'Zurzeit ist leider kein freier Termin verfügbar.',
  noSlotThisWeek: 'In dieser Woche ist kein Termin frei.',
  loadFailed: 'Es trat ein Fehler beim Laden der Termine auf.',
  retry: 'Erneut versuchen',
  close: 'Hinweis schließen',
  bookingError: 'Termin konnte nicht gebucht werden, bitte wählen Sie einen anderen Termin aus',
  selected: 'Ihr Termin: {slot}',
  next: 'Weiter',
  back: 'Zurück',
  nameTitle: 'Ihre Kontaktdaten',
  salutation: 'Anrede',
  salutationChoose: 'Bitte wählen …',
  Frau: 'Frau',
  Herr: 'Herr',
  Divers: 'Divers',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phoneCountry: 'Ländervorwahl',
  phone: 'Telefon',
  toAddress: 'zum Adressformular',
  addressTitle: 'Ihre Adresse',
  street: 'Straße und Hausnummer',
  postalCode: 'PLZ',
  city: 'Ort',
  locationLegend: 'Wo soll der Termin stattfinden?',
  onSite: 'vor Ort',
  remote: 'online',
  privacyLink: 'Datenschutzerklärung',
  newTab: '(öffnet in neuem Tab)',
  processingNotice:
    'Ihre Angaben werden an die Praxis übermittelt und nur verarbeitet, um den Termin zu vereinbaren und durchzuführen.',
  accept: 'Ich habe die Datenschutzerklärung gelesen und stimme der Verarbeitung meiner Angaben zu.',
  book: 'Buchen',
  sending: 'Wird gesendet …',
  bookedTitle: 'Ihr Termin ist gebucht',
  date: 'Datum',
  time: 'Uhrzeit',
  place: 'Ort',
  onSitePlace: 'vor Ort, {practice}',
  bookedMail: 'Sie erhalten eine Bestätigung per E-Mail.',
  waitingListOffer: 'Kein passender Termin? Auf die Warteliste',
  waitingListTitle: 'Warteliste',
  waitingListIntro: 'Wird ein Termin frei, schreiben wir Ihnen eine E-Mail. Wer zuerst bucht, erhält ihn.',
  consent:
    'Ich möchte per E-Mail über frei gewordene Termine informiert werden. Name und E-Mail-Adresse werden dafür höchstens 60 Tage gespeichert.',
  join: 'Eintragen',
  joined: 'Sie stehen auf der Warteliste. Wird ein Termin frei, schreiben wir Ihnen eine E-Mail.',
  sendFailed: 'Das hat leider nicht geklappt. Bitte versuchen Sie es erneut.',
  'error.required': 'Dieses Feld darf nicht leer sein.',
  'error.mustSelect': 'Bitte wählen Sie einen Eintrag aus.',
  'error.acceptRequired': 'Bitte stimmen Sie zu.',
  'error.invalidEmail': 'Die eingegebene E-Mail-Adresse ist ungültig.',
  'error.phone': 'Bitte geben Sie eine gültige Telefonnummer ein, z. B. 030 1234567 oder +49 30 1234567.',
  'error.postalCode': 'Bitte geben Sie eine fünfstellige Postleitzahl ein.',
  'error.max80Signs': 'Maximal 80 Zeichen erlaubt.',
  'error.tooLong': 'Die Eingabe ist zu lang.',
  'error.invalidValue': 'Ungültiger Wert.',
};

export type TextKey = keyof typeof de;

const en: Record<TextKey, string> = {
  title: 'Online booking',
  therapistAt: '{therapist} · {practice}',
  notFound: 'This booking page does not exist. Please check the link.',
  insuranceLegend: 'How are you insured?',
  legally: 'statutory',
  privately: 'private',
  typeLabel: 'Type of appointment',
  typeChoose: 'Please choose …',
  typeOtherInsurance: '(not for your insurance)',
  chooseFirst: 'Please choose your insurance and the type of appointment to see the free appointments.',
  slotsTitle: 'Free appointments',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  loading: 'Loading appointments …',
  nextFree: 'Next free appointment:',
  slotAt: '{weekday}, {date} at {time}',
  noSlotAtAll: 'Unfortunately there is no free appointment at the moment.',
  noSlotThisWeek: 'No appointment is free this week.',
  loadFailed: 'An error occurred while loading the appointments.',
  retry: 'Try again',
  close: 'Close notice',
  bookingError: 'The appointment could not be booked, please choose another appointment',
  selected: 'Your appointment: {slot}',
  next: 'Next',
  back: 'Back',
  nameTitle: 'Your contact details',
  salutation: 'Salutation',
  salutationChoose: 'Please choose …',
  Frau: 'Ms',
  Herr: 'Mr',
  Divers: 'Diverse',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phoneCountry: 'Country code',
  phone: 'Phone',
  toAddress: 'Continue to address',
  addressTitle: 'Your address',
  street: 'Street and number',
  postalCode: 'Postal code',
  city: 'City',
  locationLegend: 'Where should the appointment take place?',
  onSite: 'on site',
  remote: 'online',
  privacyLink: 'Privacy policy',
  newTab: '(opens in a new tab)',
  processingNotice: 'Your details are passed to the practice and processed only to arrange and hold the appointment.',
  accept: 'I have read the privacy policy and agree to the processing of my details.',
  book: 'Book',
  sending: 'Sending …',
  bookedTitle: 'Your appointment is booked',
  date: 'Date',
  time: 'Time',
  place: 'Place',
  onSitePlace: 'on site, {practice}',
  bookedMail: 'You will receive a confirmation by e-mail.',
  waitingListOffer: 'No suitable appointment? Join the waiting list',
  waitingListTitle: 'Waiting list',
  waitingListIntro: 'When an appointment becomes free, we will e-mail you. Whoever books first gets it.',
  consent:
    'I would like to be informed by e-mail about freed appointments. My name and e-mail address are kept for this for at most 60 days.',
  join: 'Join',
  joined: 'You are on the waiting list. When an appointment becomes free, we will e-mail you.',
  sendFailed: 'Unfortunately that did not work. Please try again.',
  'error.required': 'This field must not be empty.',
  'error.mustSelect': 'Please select an entry.',
  'error.acceptRequired': 'Please agree.',
  'error.invalidEmail': 'The e-mail address entered is invalid.',
  'error.phone': 'Please enter a valid phone number, e.g. 030 1234567 or +49 30 1234567.',
  'error.postalCode': 'Please enter a five-digit postal code.',
  'error.max80Signs': 'At most 80 characters allowed.',
  'error.tooLong': 'The entry is too long.',
  'error.invalidValue': 'Invalid value.',
};

const dictionaries: Record<Language, Record<TextKey, string>> = { de, en };

export type Translate = (key: TextKey, params?: Record<string, string>) => string;

export function translator(language: Language): Translate {
  const texts = dictionaries[language];
  return (key, params) => fillIn(texts[key], params);
}

/** A message key from our checks or the server's 422; a key the widget does not know reads as 'invalid value'. */
export function messageKey(key: string, isCheckbox = false): TextKey {
  if (isCheckbox && key === 'error.required') return 'error.acceptRequired';
  return key.startsWith('error.') && key in de ? (key as TextKey) : 'error.invalidValue';
}
