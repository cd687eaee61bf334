/**
 * The item-specific rules of the GOÄ catalogue (sections B and G), as data: which items cannot be billed beside which
 * others in one session ('neben … nicht berechnungsfähig'), and how often an item may be billed in a period ('im
 * Behandlungsfall nur einmal', 'höchstens …'). Each entry quotes the legend it comes from (GOÄ Anlage, the item's
 * 'Abrechnungsbestimmungen'); the general Nr. 1/3/22/30/34 rule of section B stays in goae-exclusions.ts, where the
 * user may confirm it. Items outside the stored catalogue (e.g. 715–718, 1400) are listed as the law names them.
 */

/** Section B's surcharges and items below 100 (GOÄ Anlage, Abschnitt B: Nr. 1 to 96 and the letters). */
const isSectionB = (code: string) => /^[A-K]( \d)?$/.test(code) || (/^\d+$/.test(code) && Number(code) < 100);

type Besides = readonly string[] | { anyOther: true } | { sectionB: true };

export type ItemExclusion = { code: string; besides: Besides; source: string };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

export const ITEM_EXCLUSIONS: readonly ItemExclusion[] = [
  {
    code: '2',
    besides: { anyOther: true },
    source:
      'Die Leistung nach Nummer 2 darf anläßlich einer Inanspruchnahme des Arztes nicht zusammen mit anderen Gebühren berechnet werden.',
  },
  {
    code: '4',
    besides: ['30', '34', '801', '806', '807', '816', '817', '835'],
    source:
      'Die Leistung nach Nummer 4 ist neben den Leistungen nach den Nummern 30, 34, 801, 806, 807, 816, 817 und/oder 835 nicht berechnungsfähig.',
  },
  {
    code: '5',
    besides: ['6', '7', '8'],
    source: 'Die Leistung nach Nummer 5 ist neben den Leistungen nach den Nummern 6 bis 8 nicht berechnungsfähig.',
  },
  {
    code: '6',
    besides: ['5', '7', '8'],
    source:
      'Die Leistung nach Nummer 6 ist neben den Leistungen nach den Nummern 5, 7 und/oder 8 nicht berechnungsfähig.',
  },
  {
    code: '7',
    besides: ['5', '6', '8'],
    source:
      'Die Leistung nach Nummer 7 ist neben den Leistungen nach den Nummern 5, 6 und/oder 8 nicht berechnungsfähig.',
  },
  {
    code: '8',
    besides: ['5', '6', '7', '800'],
    source:
      'Die Leistung nach Nummer 8 ist neben den Leistungen nach den Nummern 5, 6, 7 und/oder 800 nicht berechnungsfähig.',
  },
  {
    code: '15',
    besides: ['4'],
    source:
      'Neben der Leistung nach Nummer 15 ist die Leistung nach Nummer 4 im Behandlungsfall nicht berechnungsfähig.',
  },
  {
    code: '20',
    besides: ['847', '862', '864', '871', '887'],
    source:
      'Neben der Leistung nach Nummer 20 sind die Leistungen nach den Nummern 847, 862, 864, 871 und/oder 887 nicht berechnungsfähig.',
  },
  {
    code: '21',
    besides: ['1', '3', '4', '22', '34'],
    source:
      'Neben der Leistung nach Nummer 21 sind die Leistungen nach den Nummern 1, 3, 4, 22 und 34 nicht berechnungsfähig.',
  },
  {
    code: '22',
    besides: ['1', '3', '21', '34'],
    source:
      'Neben der Leistung nach Nummer 22 sind die Leistungen nach Nummer 1, 3, 21 oder 34 nicht berechnungsfähig.',
  },
  {
    code: '23',
    besides: ['1', '3', '5', '7', '3550'],
    source:
      'Neben der Leistung nach Nummer 23 sind die Leistungen nach den Nummern 1, 3, 5, 7 und/oder 3550 nicht berechnungsfähig.',
  },
  {
    code: '24',
    besides: ['1', '3', '5', '7'],
    source:
      'Neben der Leistung nach Nummer 24 sind die Leistungen nach den Nummern 1, 3, 5 und/oder 7 nicht berechnungsfähig.',
  },
  {
    code: '25',
    besides: ['1', '3', '4', '5', '6', '7', '8'],
    source:
      'Neben der Leistung nach Nummer 25 sind die Leistungen nach den Nummern 1, 3, 4, 5, 6, 7 und/oder 8 nicht berechnungsfähig.',
  },
  {
    code: '26',
    besides: ['1', '3', '4', '5', '6', '7', '8'],
    source:
      'Neben der Leistung nach Nummer 26 sind die Leistungen nach den Nummern 1, 3, 4, 5, 6, 7 und/oder 8 nicht berechnungsfähig.',
  },
  {
    code: '27',
    besides: ['1', '3', '5', '6', '7', '8', '297', '3500', '3511', '3650', '3652'],
    source:
      'Neben der Leistung nach Nummer 27 sind die Leistungen nach den Nummern 1, 3, 5, 6, 7, 8 297, 3500, 3511, 3650 und/oder 3652 nicht berechnungsfähig.',
  },
  {
    code: '28',
    besides: ['1', '3', '5', '6', '7', '8', '11', '3500', '3511', '3650', '3652'],
    source:
      'Neben der Leistung nach Nummer 28 sind die Leistungen nach den Nummern 1, 3, 5, 6, 7, 8, 11, 3500, 3511, 3650 und/oder 3652 nicht berechnungsfähig.',
  },
  {
    code: '29',
    besides: ['1', '3', '5', '6', '7', '8'],
    source:
      'Neben der Leistung nach Nummer 29 sind die Leistungen nach den Nummern 1, 3, 5, 6, 7 und/oder 8 nicht berechnungsfähig.',
  },
  {
    code: '30',
    besides: ['1', '3', '34'],
    source:
      'Neben der Leistung nach Nummer 30 sind die Leistungen nach den Nummern 1, 3 und/oder 34 nicht berechnungsfähig.',
  },
  {
    code: '31',
    besides: ['1', '3', '4', '30', '34'],
    source:
      'Neben der Leistung nach Nummer 31 sind die Leistungen nach den Nummern 1, 3, 4, 30 und/oder 34 nicht berechnungsfähig.',
  },
  {
    code: '33',
    besides: ['1', '3', '15', '20', '847', '862', '864', '871', '887'],
    source:
      'Neben der Leistung nach Nummer 33 sind die Leistungen nach den Nummern 1, 3, 15, 20, 847, 862, 864, 871 und/oder 887 nicht berechnungsfähig.',
  },
  {
    code: '34',
    besides: ['1', '3', '4', '15', '30'],
    source:
      'Neben der Leistung nach Nummer 34 sind die Leistungen nach den Nummern 1, 3, 4, 15 und/oder 30 nicht berechnungsfähig.',
  },
  {
    code: '45',
    besides: { sectionB: true },
    source: 'Die Leistung nach Nummer 45 ist neben anderen Leistungen des Abschnitts B nicht berechnungsfähig.',
  },
  {
    code: '46',
    besides: { sectionB: true },
    source: 'Die Leistung nach Nummer 46 ist neben anderen Leistungen des Abschnitts B nicht berechnungsfähig.',
  },
  {
    code: '48',
    besides: ['1', '50', '51', '52'],
    source:
      'Die Leistung nach Nummer 48 ist neben den Leistungen nach den Nummern 1, 50, 51 und/oder 52 nicht berechnungsfähig.',
  },
  {
    code: '50',
    besides: ['1', '5', '45', '46', '48', '52'],
    source:
      'Die Leistung nach Nummer 50 darf anstelle oder neben einer Leistung nach Nummer 45 oder 46 nicht berechnet werden. Neben der Leistung nach Nummer 50 sind die Leistungen nach den Nummern 1, 5, 48 und/oder 52 nicht berechnungsfähig.',
  },
  {
    code: '51',
    besides: ['1', '5', '45', '46', '48', '52'],
    source:
      'Die Leistung nach Nummer 51 darf anstelle oder neben einer Leistung nach Nummer 45 oder 46 nicht berechnet werden. Neben der Leistung nach Nummer 51 sind die Leistungen nach den Nummern 1, 5, 48 und/oder 52 nicht berechnungsfähig.',
  },
  {
    code: '55',
    besides: ['56', '60', '833'],
    source:
      'Neben der Leistung nach Nummer 55 sind die Leistungen nach den Nummern 56, 60 und/oder 833 nicht berechnungsfähig.',
  },
  {
    code: '61',
    besides: { anyOther: true },
    source: 'Die Leistung nach Nummer 61 ist neben anderen Leistungen nicht berechnungsfähig.',
  },
  {
    code: 'A',
    besides: ['B', 'C', 'D'],
    source:
      'Der Zuschlag nach Buchstabe A ist neben den Zuschlägen nach den Buchstaben B, C und/oder D nicht berechnungsfähig.',
  },
  {
    code: 'C',
    besides: ['B'],
    source: 'Neben dem Zuschlag nach Buchstabe C ist der Zuschlag nach Buchstabe B nicht berechnungsfähig.',
  },
  // Section B II, general provisions: the surcharges A–D and K 1 exclude E–J and K 2.
  ...['A', 'B', 'C', 'D', 'K 1'].map(
    (code): ItemExclusion => ({
      code,
      besides: ['E', 'F', 'G', 'H', 'J', 'K 2'],
      source:
        'Neben den Zuschlägen nach den Buchstaben A bis D sowie K 1 dürfen die Zuschläge nach den Buchstaben E bis J sowie K 2 nicht berechnet werden.',
    }),
  ),
  {
    code: 'E',
    besides: ['F', 'G', 'H'],
    source:
      'Der Zuschlag nach Buchstabe E ist neben Zuschlägen nach den Buchstaben F, G und/oder H nicht berechnungsfähig.',
  },
  {
    code: 'F',
    besides: ['45', '46', '48', '52'],
    source:
      'Der Zuschlag nach Buchstabe F ist neben den Leistungen nach den Nummern 45, 46, 48 und 52 nicht berechnungsfähig.',
  },
  {
    code: 'G',
    besides: ['45', '46', '48', '52', 'F'],
    source:
      'Der Zuschlag nach Buchstabe G ist neben den Leistungen nach den Nummern 45, 46, 48 und 52 nicht berechnungsfähig. Neben dem Zuschlag nach Buchstabe G ist der Zuschlag nach Buchstabe F nicht berechnungsfähig.',
  },
  {
    code: 'H',
    besides: ['45', '46', '48', '52'],
    source:
      'Der Zuschlag nach Buchstabe H ist neben den Leistungen nach den Nummern 45, 46, 48 und 52 nicht berechnungsfähig.',
  },
  {
    code: '800',
    besides: ['8', '26', '825', '826', '830', '1400'],
    source:
      'Neben der Leistung nach Nummer 800 sind die Leistungen nach den Nummern 8, 26, 825, 826, 830 und 1400 nicht berechnungsfähig.',
  },
  {
    code: '801',
    besides: ['4', '8', ...range(715, 718), '825', '826', '830', '1400'],
    source:
      'Neben der Leistung nach Nummer 801 sind die Leistungen nach den Nummern 4, 8, 715 bis 718, 825, 826, 830 und 1400 nicht berechnungsfähig.',
  },
  {
    code: '826',
    besides: ['1412'],
    source: 'Neben der Leistung nach Nummer 826 ist die Leistung nach Nummer 1412 nicht berechnungsfähig.',
  },
  {
    code: '856',
    besides: range(715, 718),
    source:
      'Neben der Leistung nach Nummer 856 sind die Leistungen nach den Nummern 715 bis 718 nicht berechnungsfähig.',
  },
  {
    code: '857',
    besides: ['716', '717'],
    source:
      'Neben der Leistung nach Nummer 857 sind die Leistungen nach den Nummern 716 und 717 nicht berechnungsfähig.',
  },
  {
    code: '860',
    besides: ['807', '835'],
    source:
      'Neben der Leistung nach Nummer 860 sind die Leistungen nach den Nummern 807 und 835 nicht berechnungsfähig.',
  },
];

/**
 * How often an item may be billed: per treatment case (section B general provision 1: 'der Zeitraum eines Monats
 * nach der jeweils ersten Inanspruchnahme'), within a number of months, or per calendar year.
 */
export type ItemFrequency = {
  code: string;
  max: number;
  period: { kind: 'case' } | { kind: 'months'; months: number } | { kind: 'calendarYear' };
  source: string;
};

export const ITEM_FREQUENCIES: readonly ItemFrequency[] = [
  {
    code: '4',
    max: 1,
    period: { kind: 'case' },
    source: 'Die Leistung nach Nummer 4 ist im Behandlungsfall nur einmal berechnungsfähig.',
  },
  {
    code: '15',
    max: 1,
    period: { kind: 'calendarYear' },
    source: 'Die Leistung nach Nummer 15 darf nur einmal im Kalenderjahr berechnet werden.',
  },
  {
    code: '21',
    max: 4,
    period: { kind: 'months', months: 6 },
    source:
      'Die Leistung nach Nummer 21 ist innerhalb eines halben Jahres nach Beginn des Beratungsfalls nicht mehr als viermal berechnungsfähig.',
  },
  {
    code: '26',
    max: 1,
    period: { kind: 'calendarYear' },
    source:
      'Die Leistung nach Nummer 26 ist ab dem vollendeten 2. Lebensjahr je Kalenderjahr höchstens einmal berechnungsfähig.',
  },
  {
    code: '30',
    max: 1,
    period: { kind: 'months', months: 12 },
    source: 'Die Leistung nach Nummer 30 ist innerhalb von einem Jahr nur einmal berechnungsfähig.',
  },
  {
    code: '31',
    max: 3,
    period: { kind: 'months', months: 6 },
    source: 'Die Leistung nach Nummer 31 ist innerhalb von sechs Monaten höchstens dreimal berechnungsfähig.',
  },
  {
    code: '33',
    max: 3,
    period: { kind: 'months', months: 12 },
    source: 'Die Leistung nach Nummer 33 ist innerhalb von einem Jahr höchstens dreimal berechnungsfähig.',
  },
  {
    code: '34',
    max: 2,
    period: { kind: 'months', months: 6 },
    source: 'Die Leistung nach Nummer 34 ist innerhalb von 6 Monaten höchstens zweimal berechnungsfähig.',
  },
  {
    code: '807',
    max: 1,
    period: { kind: 'case' },
    source: 'Die Leistung nach Nummer 807 ist im Behandlungsfall nur einmal berechnungsfähig.',
  },
  {
    code: '842',
    max: 1,
    period: { kind: 'case' },
    source: 'Die Leistung nach Nummer 842 ist im Behandlungsfall nur einmal berechnungsfähig.',
  },
  {
    code: '860',
    max: 1,
    period: { kind: 'case' },
    source: 'Die Nummer 860 ist im Behandlungsfall nur einmal berechnungsfähig.',
  },
];

function excludes(rule: ItemExclusion, other: string): boolean {
  if (other === rule.code) return false;
  if ('anyOther' in rule.besides) return true;
  if ('sectionB' in rule.besides) return isSectionB(other);
  return rule.besides.includes(other);
}

export type ItemConflict = { code: string; otherCode: string; source: string };

/**
 * The pairs of one session's codes that the legends exclude, each pair once (named by the item whose legend says
 * so). An analog number counts as its reference item (`referenceOf`, e.g. 860a → 860): it is billed 'entsprechend'
 * that item (§6 Abs.2 GOÄ), whose provisions apply to it.
 */
export function itemConflicts(
  codes: readonly string[],
  referenceOf: (code: string) => string | null = () => null,
): ItemConflict[] {
  const distinct = [...new Set(codes)];
  const effective = (code: string) => referenceOf(code) ?? code;
  const conflicts: ItemConflict[] = [];
  const seen = new Set<string>();
  for (const code of distinct) {
    for (const rule of ITEM_EXCLUSIONS.filter((entry) => entry.code === effective(code))) {
      for (const other of distinct) {
        if (other === code || !excludes(rule, effective(other))) continue;
        const key = [code, other].sort().join('|');
        if (seen.has(key)) continue;
        seen.add(key);
        conflicts.push({ code, otherCode: other, source: rule.source });
      }
    }
  }
  return conflicts;
}

/** 'YYYY-MM-DD' plus whole months (the day kept, or the month's last day when it has fewer). */
function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The treatment cases of a patient's sessions (section B general provision 1): a case runs one month from its first
 * session; the first session after it opens the next. Answers each session date's case start.
 */
export function treatmentCaseStarts(dates: readonly string[]): Map<string, string> {
  const starts = new Map<string, string>();
  let start: string | null = null;
  for (const date of [...new Set(dates)].sort()) {
    if (start === null || date >= addMonths(start, 1)) start = date;
    starts.set(date, start);
  }
  return starts;
}

export type BilledSession<Id> = { sessionId: Id; date: string; codes: readonly string[] };
export type FrequencyConflict<Id> = { sessionId: Id; code: string; max: number; source: string };

/**
 * Sessions of `billing` (the ones being billed now) whose item exceeds its frequency limit, counted over the whole
 * `history` of the patient with the therapist (which includes the sessions being billed). Each session is counted
 * with its earlier ones in the period; an item entered twice in one session counts twice.
 */
export function frequencyConflicts<Id>(
  billing: readonly BilledSession<Id>[],
  history: readonly BilledSession<Id>[],
  referenceOf: (code: string) => string | null = () => null,
): FrequencyConflict<Id>[] {
  const effective = (code: string) => referenceOf(code) ?? code;
  const cases = treatmentCaseStarts(history.map((session) => session.date));
  const ordered = [...history].sort((a, b) => a.date.localeCompare(b.date));
  const conflicts: FrequencyConflict<Id>[] = [];
  for (const session of billing) {
    for (const rule of ITEM_FREQUENCIES) {
      if (!session.codes.some((code) => effective(code) === rule.code)) continue;
      const inPeriod = (other: BilledSession<Id>) => {
        if (other.date > session.date) return false;
        if (rule.period.kind === 'case') return cases.get(other.date) === cases.get(session.date);
        if (rule.period.kind === 'calendarYear') return other.date.slice(0, 4) === session.date.slice(0, 4);
        return other.date > addMonths(session.date, -rule.period.months);
      };
      const count = ordered
        .filter(inPeriod)
        .reduce((total, other) => total + other.codes.filter((code) => effective(code) === rule.code).length, 0);
      if (count > rule.max)
        conflicts.push({ sessionId: session.sessionId, code: rule.code, max: rule.max, source: rule.source });
    }
  }
  return conflicts;
}
