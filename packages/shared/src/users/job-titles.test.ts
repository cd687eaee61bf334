import { describe, expect, it } from 'vitest';
import { JOB_TITLE_TYPES, SALUTATIONS } from '../constants.js';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { jobTitleText, mayBillGoae, printedJobTitle } from './job-titles.js';

// The form each salutation reads, per type: [Frau, Herr, Divers].
const GERMAN_FORMS: Record<(typeof JOB_TITLE_TYPES)[number], [string, string, string]> = {
  psychologicalPsychotherapist: [
    'Psychologische Psychotherapeutin',
    'Psychologischer Psychotherapeut',
    'Psychologische:r Psychotherapeut:in',
  ],
  psychologicalPsychotherapistChildren: [
    'Kinder- und Jugendlichenpsychotherapeutin',
    'Kinder- und Jugendlichenpsychotherapeut',
    'Kinder- und Jugendlichenpsychotherapeut:in',
  ],
  specialistPsychiatryPsychotherapy: [
    'Fachärztin für Psychiatrie und Psychotherapie',
    'Facharzt für Psychiatrie und Psychotherapie',
    'Fachärzt:in für Psychiatrie und Psychotherapie',
  ],
  specialistPsychiatryPsychotherapyChildren: [
    'Fachärztin für Kinder- und Jugendpsychiatrie und -psychotherapie',
    'Facharzt für Kinder- und Jugendpsychiatrie und -psychotherapie',
    'Fachärzt:in für Kinder- und Jugendpsychiatrie und -psychotherapie',
  ],
  specialistPsychosomatics: [
    'Fachärztin für Psychosomatische Medizin und Psychotherapie',
    'Facharzt für Psychosomatische Medizin und Psychotherapie',
    'Fachärzt:in für Psychosomatische Medizin und Psychotherapie',
  ],
  physicianAdditionalQualificationPsychotherapy: [
    'Ärztin mit Zusatzbezeichnung Psychotherapie',
    'Arzt mit Zusatzbezeichnung Psychotherapie',
    'Ärzt:in mit Zusatzbezeichnung Psychotherapie',
  ],
  nonMedicalPractitionerPsychotherapy: [
    'Heilpraktikerin für Psychotherapie',
    'Heilpraktiker für Psychotherapie',
    'Heilpraktiker:in für Psychotherapie',
  ],
  socialPedagogue: ['Sozialpädagogin', 'Sozialpädagoge', 'Sozialpädagog:in'],
  coachOrConsultant: ['Coach / Beraterin', 'Coach / Berater', 'Coach / Berater:in'],
  other: ['Sonstige', 'Sonstige', 'Sonstige'],
};

describe('jobTitleText', () => {
  const cases = JOB_TITLE_TYPES.flatMap((type) =>
    (['Frau', 'Herr', 'Divers'] as const).map(
      (salutation, index) => [type, salutation, GERMAN_FORMS[type][index]] as const,
    ),
  );

  it.each(cases)('%s for %s reads "%s" in German', (type, salutation, expected) => {
    expect(jobTitleText(type, salutation, 'de')).toBe(expected);
  });

  it.each(JOB_TITLE_TYPES)('%s without a salutation is the neutral form', (type) => {
    expect(jobTitleText(type, null, 'de')).toBe(GERMAN_FORMS[type][2]);
    expect(jobTitleText(type, undefined, 'de-DE')).toBe(GERMAN_FORMS[type][2]);
  });

  it.each(JOB_TITLE_TYPES)('%s has one English form for every salutation', (type) => {
    const forms = [...SALUTATIONS, null].map((salutation) => jobTitleText(type, salutation, 'en'));
    expect(new Set(forms)).toEqual(new Set([en.jobTitle[type]]));
  });

  // The forms' choices label the types with the catalogue's jobTitle.*: the neutral form must not drift from them.
  it('answers the catalogue’s labels for the neutral form', () => {
    for (const type of JOB_TITLE_TYPES) expect(jobTitleText(type, 'Divers', 'de')).toBe(de.jobTitle[type]);
  });
});

describe('printedJobTitle', () => {
  const person = { jobTitleType: 'psychologicalPsychotherapist', jobTitleFreetext: null, salutation: 'Frau' };

  it('prints the type in the form of the salutation', () => {
    expect(printedJobTitle(person, 'de')).toBe('Psychologische Psychotherapeutin');
    expect(printedJobTitle({ ...person, salutation: 'Herr' }, 'de')).toBe('Psychologischer Psychotherapeut');
    expect(printedJobTitle({ ...person, salutation: 'Divers' }, 'de')).toBe('Psychologische:r Psychotherapeut:in');
    expect(printedJobTitle(person, 'en')).toBe('Psychological psychotherapist');
  });

  it('prefers the free text, and prints nothing for "other" without one or an unknown type', () => {
    expect(printedJobTitle({ ...person, jobTitleType: 'other', jobTitleFreetext: ' Kunsttherapeutin ' }, 'de')).toBe(
      'Kunsttherapeutin',
    );
    expect(printedJobTitle({ ...person, jobTitleType: 'other' }, 'de')).toBeNull();
    expect(printedJobTitle({ ...person, jobTitleType: 'astronaut' }, 'de')).toBeNull();
    expect(printedJobTitle({ ...person, jobTitleType: null }, 'de')).toBeNull();
  });
});

describe('who may bill GOÄ items (§4 Nr. 14 UStG: healing professions only)', () => {
  it('allows licensed psychotherapists, physicians and Heilpraktiker für Psychotherapie', () => {
    for (const type of [
      'psychologicalPsychotherapist',
      'specialistPsychosomatics',
      'nonMedicalPractitionerPsychotherapy',
    ]) {
      expect(mayBillGoae(type)).toBe(true);
    }
  });

  it('refuses coaches, consultants, social pedagogues, other job types and a therapist with no job type recorded', () => {
    expect(['coachOrConsultant', 'socialPedagogue', 'other', 'unknown'].map(mayBillGoae)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([null, undefined, ''].map(mayBillGoae)).toEqual([false, false, false]);
  });
});
