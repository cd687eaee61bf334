import { JOB_TITLE_TYPES } from '../constants.js';

export type JobTitleType = (typeof JOB_TITLE_TYPES)[number];

type GermanForms = { neutral: string; feminine: string; masculine: string };

// The texts live here rather than in the i18n catalogues: the API prints them on invoices, and the public pages'
// small entry should not load a whole catalogue for one line. The neutral forms are also the catalogue's jobTitle.*
// choices of the forms (a test keeps both equal).
const GERMAN: Record<JobTitleType, GermanForms> = {
  psychologicalPsychotherapist: {
    neutral: 'Psychologische:r Psychotherapeut:in',
    feminine: 'Psychologische Psychotherapeutin',
    masculine: 'Psychologischer Psychotherapeut',
  },
  psychologicalPsychotherapistChildren: {
    neutral: 'Kinder- und Jugendlichenpsychotherapeut:in',
    feminine: 'Kinder- und Jugendlichenpsychotherapeutin',
    masculine: 'Kinder- und Jugendlichenpsychotherapeut',
  },
  specialistPsychiatryPsychotherapy: {
    neutral: 'Fachärzt:in für Psychiatrie und Psychotherapie',
    feminine: 'Fachärztin für Psychiatrie und Psychotherapie',
    masculine: 'Facharzt für Psychiatrie und Psychotherapie',
  },
  specialistPsychiatryPsychotherapyChildren: {
    neutral: 'Fachärzt:in für Kinder- und Jugendpsychiatrie und -psychotherapie',
    feminine: 'Fachärztin für Kinder- und Jugendpsychiatrie und -psychotherapie',
    masculine: 'Facharzt für Kinder- und Jugendpsychiatrie und -psychotherapie',
  },
  specialistPsychosomatics: {
    neutral: 'Fachärzt:in für Psychosomatische Medizin und Psychotherapie',
    feminine: 'Fachärztin für Psychosomatische Medizin und Psychotherapie',
    masculine: 'Facharzt für Psychosomatische Medizin und Psychotherapie',
  },
  physicianAdditionalQualificationPsychotherapy: {
    neutral: 'Ärzt:in mit Zusatzbezeichnung Psychotherapie',
    feminine: 'Ärztin mit Zusatzbezeichnung Psychotherapie',
    masculine: 'Arzt mit Zusatzbezeichnung Psychotherapie',
  },
  nonMedicalPractitionerPsychotherapy: {
    neutral: 'Heilpraktiker:in für Psychotherapie',
    feminine: 'Heilpraktikerin für Psychotherapie',
    masculine: 'Heilpraktiker für Psychotherapie',
  },
  socialPedagogue: { neutral: 'Sozialpädagog:in', feminine: 'Sozialpädagogin', masculine: 'Sozialpädagoge' },
  coachOrConsultant: { neutral: 'Coach / Berater:in', feminine: 'Coach / Beraterin', masculine: 'Coach / Berater' },
  other: { neutral: 'Sonstige', feminine: 'Sonstige', masculine: 'Sonstige' },
};

// English job titles have one form for everyone.
const ENGLISH: Record<JobTitleType, string> = {
  psychologicalPsychotherapist: 'Psychological psychotherapist',
  psychologicalPsychotherapistChildren: 'Child and adolescent psychotherapist',
  specialistPsychiatryPsychotherapy: 'Specialist in psychiatry and psychotherapy',
  specialistPsychiatryPsychotherapyChildren: 'Specialist in child and adolescent psychiatry and psychotherapy',
  specialistPsychosomatics: 'Specialist in psychosomatic medicine and psychotherapy',
  physicianAdditionalQualificationPsychotherapy: 'Physician with additional qualification in psychotherapy',
  nonMedicalPractitionerPsychotherapy: 'Non-medical practitioner for psychotherapy',
  socialPedagogue: 'Social pedagogue',
  coachOrConsultant: 'Coach / consultant',
  other: 'Other',
};

export const isJobTitleType = (value: string | null | undefined): value is JobTitleType =>
  JOB_TITLE_TYPES.some((known) => known === value);

/**
 * A job title type as text in the form of the salutation: 'Frau' the feminine, 'Herr' the masculine form, 'Divers'
 * or no salutation the neutral one ('Psychotherapeut:in'). English has one form.
 */
export function jobTitleText(type: JobTitleType, salutation: string | null | undefined, language: string): string {
  if (language.startsWith('en')) return ENGLISH[type];
  const forms = GERMAN[type];
  if (salutation === 'Frau') return forms.feminine;
  if (salutation === 'Herr') return forms.masculine;
  return forms.neutral;
}

/**
 * The job title a document or public page prints for a person: the free text when one was written, else the type in
 * the form of the salutation; null when there is nothing to say ('Sonstige' without a free text, an unknown type).
 */
export function printedJobTitle(
  person: { jobTitleType: string | null; jobTitleFreetext: string | null; salutation: string | null },
  language: string,
): string | null {
  const freetext = person.jobTitleFreetext?.trim();
  if (freetext) return freetext;
  if (!isJobTitleType(person.jobTitleType) || person.jobTitleType === 'other') return null;
  return jobTitleText(person.jobTitleType, person.salutation, language);
}

/**
 * The job types that are healing professions (Heilberufe): licensed psychotherapists, physicians and Heilpraktiker
 * für Psychotherapie. Only they bill treatment by the GOÄ (physicians directly, psychotherapists through the GOP,
 * Heilpraktiker by its analogy) and only their treatment is exempt as Heilbehandlung under §4 Nr.14a UStG.
 */
export const HEALING_PROFESSION_TYPES: readonly JobTitleType[] = [
  'psychologicalPsychotherapist',
  'psychologicalPsychotherapistChildren',
  'specialistPsychiatryPsychotherapy',
  'specialistPsychiatryPsychotherapyChildren',
  'specialistPsychosomatics',
  'physicianAdditionalQualificationPsychotherapy',
  'nonMedicalPractitionerPsychotherapy',
];

/**
 * Whether a therapist may bill GOÄ items: only a healing profession. A coach, consultant, social pedagogue or 'other'
 * bills coaching lines only; a therapist with no job type recorded (accounts older than the required field) is asked
 * to choose one first, since the exemption under §4 Nr.14 UStG rests on it.
 */
export function mayBillGoae(jobTitleType: string | null | undefined): boolean {
  return HEALING_PROFESSION_TYPES.some((type) => type === jobTitleType);
}
