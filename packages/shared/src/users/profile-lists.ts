/**
 * The choice lists of the staff profile (spec people §3: therapeutic focus, treatment methods, coverage types and
 * spoken languages). The API stores and accepts only the keys; labels are German and English, synonyms feed the
 * search box of the multi-selects (and later the public therapist search).
 */
export type ProfileListEntry = { key: string; de: string; en: string; synonyms: readonly string[] };

const entry = <K extends string>(key: K, de: string, en: string, ...synonyms: string[]) => ({
  key,
  de,
  en,
  synonyms,
});

export const THERAPEUTIC_FOCUS = [
  entry('depression', 'Depression', 'Depression', 'Niedergeschlagenheit', 'depressive Episode', 'Schwermut'),
  entry('burnout', 'Burnout', 'Burnout', 'Erschöpfung', 'Überlastung', 'Erschöpfungsdepression'),
  entry('anxiety', 'Angststörungen', 'Anxiety disorders', 'Angst', 'generalisierte Angststörung', 'Sorgen'),
  entry('panic', 'Panikstörung', 'Panic disorder', 'Panikattacken', 'Agoraphobie'),
  entry('phobias', 'Phobien', 'Phobias', 'Spinnenangst', 'Flugangst', 'Höhenangst', 'soziale Phobie'),
  entry('ocd', 'Zwangsstörungen', 'Obsessive-compulsive disorder', 'Zwang', 'Zwangsgedanken', 'Waschzwang'),
  entry('trauma', 'Trauma und PTBS', 'Trauma and PTSD', 'posttraumatische Belastungsstörung', 'Traumafolgestörung'),
  entry('grief', 'Trauer und Verlust', 'Grief and loss', 'Trauerbewältigung', 'Verlust'),
  entry('eatingDisorders', 'Essstörungen', 'Eating disorders', 'Magersucht', 'Anorexie', 'Bulimie', 'Binge-Eating'),
  entry('addiction', 'Sucht und Abhängigkeit', 'Addiction', 'Alkohol', 'Drogen', 'Spielsucht', 'Mediensucht'),
  entry('personalityDisorders', 'Persönlichkeitsstörungen', 'Personality disorders', 'Borderline', 'Narzissmus'),
  entry('psychosomatic', 'Psychosomatische Beschwerden', 'Psychosomatic complaints', 'Somatisierung', 'Schmerzen'),
  entry('sleep', 'Schlafstörungen', 'Sleep disorders', 'Insomnie', 'Schlaflosigkeit', 'Ein- und Durchschlafstörung'),
  entry('adhd', 'ADHS', 'ADHD', 'ADS', 'Aufmerksamkeitsdefizit', 'Hyperaktivität'),
  entry('autism', 'Autismus-Spektrum', 'Autism spectrum', 'Asperger', 'Autismus'),
  entry('psychosis', 'Psychosen', 'Psychoses', 'Schizophrenie', 'Wahn'),
  entry('bipolar', 'Bipolare Störung', 'Bipolar disorder', 'Manie', 'manisch-depressiv'),
  entry('selfEsteem', 'Selbstwert', 'Self-esteem', 'Selbstbewusstsein', 'Selbstvertrauen', 'Selbstzweifel'),
  entry('relationships', 'Beziehung und Partnerschaft', 'Relationships', 'Paarprobleme', 'Trennung', 'Scheidung'),
  entry('family', 'Familie und Erziehung', 'Family and parenting', 'Eltern', 'Erziehungsberatung', 'Konflikte'),
  entry('childrenYouth', 'Kinder und Jugendliche', 'Children and adolescents', 'Schule', 'Pubertät', 'Jugend'),
  entry('stress', 'Stress und Krisen', 'Stress and crises', 'Lebenskrise', 'Krisenintervention', 'Belastung'),
  entry(
    'work',
    'Arbeit und Beruf',
    'Work and career',
    'Mobbing',
    'Konflikte am Arbeitsplatz',
    'Berufliche Neuorientierung',
  ),
  entry('leadership', 'Führung', 'Leadership', 'Führungskräfte', 'Management', 'Teamführung'),
  entry('lifeTransitions', 'Lebensübergänge', 'Life transitions', 'Ruhestand', 'Elternschaft', 'Neuanfang'),
  entry('chronicIllness', 'Chronische Erkrankungen', 'Chronic illness', 'Krankheitsbewältigung', 'Tinnitus', 'Krebs'),
  entry(
    'sexuality',
    'Sexualität und Identität',
    'Sexuality and identity',
    'LGBTQ',
    'Geschlechtsidentität',
    'sexuelle Störungen',
  ),
] as const satisfies readonly ProfileListEntry[];

export const TREATMENT_METHODS = [
  entry('cbt', 'Verhaltenstherapie', 'Cognitive behavioural therapy', 'KVT', 'kognitive Verhaltenstherapie', 'VT'),
  entry(
    'psychodynamic',
    'Tiefenpsychologisch fundierte Psychotherapie',
    'Psychodynamic psychotherapy',
    'TP',
    'Tiefenpsychologie',
  ),
  entry('psychoanalysis', 'Analytische Psychotherapie', 'Psychoanalysis', 'Psychoanalyse', 'AP'),
  entry('systemic', 'Systemische Therapie', 'Systemic therapy', 'Familientherapie', 'systemisch'),
  entry('humanistic', 'Gesprächspsychotherapie', 'Person-centred therapy', 'klientenzentriert', 'nach Rogers'),
  entry('schema', 'Schematherapie', 'Schema therapy', 'Schemata', 'Modusarbeit'),
  entry('emdr', 'EMDR', 'EMDR', 'Traumatherapie', 'Augenbewegung'),
  entry('act', 'Akzeptanz- und Commitment-Therapie', 'Acceptance and commitment therapy', 'ACT'),
  entry('dbt', 'Dialektisch-Behaviorale Therapie', 'Dialectical behaviour therapy', 'DBT', 'Skills-Training'),
  entry(
    'mindfulness',
    'Achtsamkeitsbasierte Verfahren',
    'Mindfulness-based methods',
    'MBSR',
    'Achtsamkeit',
    'Meditation',
  ),
  entry('hypnotherapy', 'Hypnotherapie', 'Hypnotherapy', 'Hypnose', 'Trance'),
  entry('gestalt', 'Gestalttherapie', 'Gestalt therapy', 'Gestalt'),
  entry('gestaltungTherapy', 'Kunst- und Gestaltungstherapie', 'Art therapy', 'Kunsttherapie', 'Musiktherapie'),
  entry('groupTherapy', 'Gruppentherapie', 'Group therapy', 'Gruppe'),
  entry('coupleTherapy', 'Paartherapie', 'Couples therapy', 'Paarberatung', 'Eheberatung'),
  entry(
    'solutionFocused',
    'Lösungsorientierte Kurzzeittherapie',
    'Solution-focused brief therapy',
    'lösungsorientiert',
    'Kurzzeittherapie',
  ),
  entry('systemicCoaching', 'Systemisches Coaching', 'Systemic coaching', 'Coaching', 'Business-Coaching'),
  entry('nlp', 'NLP', 'NLP', 'Neurolinguistisches Programmieren'),
  entry('supervision', 'Supervision', 'Supervision', 'Fallsupervision', 'Intervision'),
  entry('onlineTherapy', 'Online-Therapie', 'Online therapy', 'Videosprechstunde', 'Video', 'online'),
] as const satisfies readonly ProfileListEntry[];

export const COVERAGE_TYPES = [
  entry('statutory', 'Gesetzlich versichert', 'Statutory health insurance', 'GKV', 'Kassenpatienten', 'Krankenkasse'),
  entry('private', 'Privat versichert', 'Private health insurance', 'PKV', 'Privatpatienten'),
  entry('allowance', 'Beihilfe', 'Civil-service allowance', 'Beamte', 'Beihilfeberechtigt'),
  entry('selfPay', 'Selbstzahler', 'Self-payers', 'Selbstzahlung', 'privat bezahlt'),
  entry(
    'reimbursement',
    'Kostenerstattung',
    'Reimbursement procedure',
    'Kostenerstattungsverfahren',
    '§ 13 Abs. 3 SGB V',
  ),
  entry('employer', 'Arbeitgeber', 'Employer-funded', 'Firmenkunden', 'betriebliches Gesundheitsmanagement'),
] as const satisfies readonly ProfileListEntry[];

/** Languages a therapist offers sessions in (ISO 639-1). */
export const SPOKEN_LANGUAGES = [
  entry('de', 'Deutsch', 'German'),
  entry('en', 'Englisch', 'English'),
  entry('fr', 'Französisch', 'French'),
  entry('es', 'Spanisch', 'Spanish'),
  entry('it', 'Italienisch', 'Italian'),
  entry('pt', 'Portugiesisch', 'Portuguese'),
  entry('nl', 'Niederländisch', 'Dutch'),
  entry('pl', 'Polnisch', 'Polish'),
  entry('ru', 'Russisch', 'Russian'),
  entry('uk', 'Ukrainisch', 'Ukrainian'),
  entry('tr', 'Türkisch', 'Turkish'),
  entry('ar', 'Arabisch', 'Arabic'),
  entry('fa', 'Persisch', 'Persian', 'Farsi'),
  entry('ku', 'Kurdisch', 'Kurdish'),
  entry('el', 'Griechisch', 'Greek'),
  entry('hr', 'Kroatisch', 'Croatian'),
  entry('sr', 'Serbisch', 'Serbian'),
  entry('ro', 'Rumänisch', 'Romanian'),
  entry('zh', 'Chinesisch', 'Chinese'),
  entry('vi', 'Vietnamesisch', 'Vietnamese'),
  entry('sgn', 'Deutsche Gebärdensprache', 'German Sign Language', 'DGS'),
] as const satisfies readonly ProfileListEntry[];

type Keys<T extends readonly ProfileListEntry[]> = T[number]['key'];
const keysOf = <T extends readonly ProfileListEntry[]>(list: T) =>
  list.map((item) => item.key) as [Keys<T>, ...Keys<T>[]];

export const THERAPEUTIC_FOCUS_KEYS = keysOf(THERAPEUTIC_FOCUS);
export const TREATMENT_METHOD_KEYS = keysOf(TREATMENT_METHODS);
export const COVERAGE_TYPE_KEYS = keysOf(COVERAGE_TYPES);
export const SPOKEN_LANGUAGE_KEYS = keysOf(SPOKEN_LANGUAGES);

/** Whether an entry matches a search text by its labels or synonyms (case-insensitive). */
export function matchesProfileEntry(item: ProfileListEntry, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('de');
  if (!needle) return true;
  return [item.de, item.en, ...item.synonyms].some((text) => text.toLocaleLowerCase('de').includes(needle));
}
