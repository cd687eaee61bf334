export const TRIAL_DAYS = 14;
export const PRICE_PER_MONTH_CENTS = 3499;
export const TRIAL_POLL_INTERVAL_MS = 2000;
export const VERSION_POLL_INTERVAL_MS = 10_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const STREET_MAX_LENGTH = 80;
/*
 * Limits and patterns of people's contact data, shared by the API's schemas and the booking widget's checks (which
 * cannot bundle zod); this module stays free of imports so the widget can take it alone.
 */
/** First and last names. */
export const NAME_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** The e-mail pattern the API applies (zod's practical pattern). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const PHONE_MAX_LENGTH = 30;
/** What people write between a phone number's digits; the number parser would otherwise pick a number out of any text. */
export const PHONE_CHARACTERS = /^\+?[\d\s()/.-]+$/;
/** A German postal code: five digits. */
export const POSTAL_CODE_LENGTH = 5;
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
export const TEXT_MAX_LENGTH = 800;
export const LOGO_MAX_BYTES = 10_485_760;
export const PAGE_SIZES = [50, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export const DEFAULT_ROLE_MASK = 1;
/** Idle session lifetime (privacy notice: 12 hours, renewed on each backend interaction). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Absolute session lifetime regardless of activity. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A patient's session counter counts booked time in units of this many minutes. */
export const SESSION_UNIT_MINUTES = 50;
export const PIN_LENGTH = 6;
export const PIN_VALID_MS = 10 * 60 * 1000;
export const PIN_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_VALID_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_VALID_MS = 24 * 60 * 60 * 1000;
export const CONFIRM_TOKEN_VALID_MS = 7 * 24 * 60 * 60 * 1000;
export const HELP_URL = 'https://hilfe.praxia.de';
/** The marketing site and its questions page, linked from the public pages' header (spec appointments §2.5). */
export const MARKETING_URL = 'https://praxia.de';
export const FAQ_URL = `${HELP_URL}/faq`;
export const SUPPORT_EMAIL = 'support@praxia.de';
export const TERMS_PDF_PATH = '/docs/agb-therapeuten.pdf';
/** The patients' terms of use of the patient area (spec: a static patient terms PDF). */
export const PATIENT_TERMS_PDF_PATH = '/docs/nutzungsbedingungen-patienten.pdf';
export const PROCESSING_AGREEMENT_PDF_PATH = '/docs/auftragsverarbeitungsvertrag.pdf';

export const SALUTATIONS = ['Herr', 'Frau', 'Divers'] as const;
export const TITLES = ['M. Sc. Psych.', 'Dipl.-Psych.', 'Dr. med.', 'Dr.', 'Prof. Dr.'] as const;
export const JOB_TITLE_TYPES = [
  'psychologicalPsychotherapist',
  'psychologicalPsychotherapistChildren',
  'specialistPsychiatryPsychotherapy',
  'specialistPsychiatryPsychotherapyChildren',
  'specialistPsychosomatics',
  'physicianAdditionalQualificationPsychotherapy',
  'nonMedicalPractitionerPsychotherapy',
  'socialPedagogue',
  'coachOrConsultant',
  'other',
] as const;
export const PIN_TRANSPORT_METHODS = ['none', 'email'] as const;
export const CUSTOMER_STATUSES = ['active', 'canceled'] as const;

/**
 * The attribution the postal-code coordinates' license (CC BY 4.0) requires, in the wording of the data's SOURCES.md;
 * shown on the imprint. Data: apps/api/src/db/data/plz_de_geonames.csv.
 */
export const POSTAL_CODE_ATTRIBUTION =
  'Postleitzahl-Koordinaten: GeoNames (geonames.org), CC BY 4.0, via zauberware/postal-codes-json-xml-csv';

/** The public profile's map (spec appointments §2.6, §9): zoom 15, this position when the practice's is unknown. */
export const MAP_ZOOM = 15;
export const MAP_DEFAULT_POSITION = { longitude: -110, latitude: 49 } as const;
/** Tiles from our own origin need no consent; the map is then created this long after the page. */
export const MAP_CREATE_DELAY_MS = 1000;
