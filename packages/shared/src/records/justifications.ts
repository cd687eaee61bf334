import { DEFAULT_RATE_HUNDREDTHS } from './fees.js';

/**
 * The nine increment justifications (spec people §3), each worded to follow 'Aufgrund'. Picking them builds the
 * invoice remark sentence 'Aufgrund X und Y wird der angegebene Steigerungssatz veranschlagt.'
 */
export const JUSTIFICATIONS = {
  complexity: 'der überdurchschnittlichen Komplexität der Behandlung',
  severity: 'der besonderen Schwere des Krankheitsbildes',
  extraTime: 'des erhöhten Zeitaufwands',
  languageBarrier: 'einer Sprachbarriere',
  multipleDiagnoses: 'mehrerer gleichzeitig bestehender Diagnosen',
  concentrationDisorders: 'ausgeprägter Konzentrationsstörungen',
  mutism: 'eines Mutismus',
  impulseControl: 'einer gestörten Impulskontrolle',
  selfHarmOrSuicidality: 'selbstverletzenden Verhaltens oder akuter Suizidalität',
} as const;
export type JustificationKey = keyof typeof JUSTIFICATIONS;
export const JUSTIFICATION_KEYS = Object.keys(JUSTIFICATIONS) as JustificationKey[];

const PREFIX = 'Aufgrund ';
const SUFFIX = ' wird der angegebene Steigerungssatz veranschlagt.';

/** 'Aufgrund X, Y und Z wird der angegebene Steigerungssatz veranschlagt.'; '' without a justification. */
export function buildJustificationSentence(keys: readonly JustificationKey[]): string {
  const phrases = JUSTIFICATION_KEYS.filter((key) => keys.includes(key)).map((key) => JUSTIFICATIONS[key]);
  if (phrases.length === 0) return '';
  const last = phrases.pop() as string;
  const joined = phrases.length ? `${phrases.join(', ')} und ${last}` : last;
  return `${PREFIX}${joined}${SUFFIX}`;
}

/** The justification sentence inside a remark, if any. */
function findSentence(remark: string): string | null {
  const start = remark.indexOf(PREFIX);
  if (start < 0) return null;
  const end = remark.indexOf(SUFFIX, start);
  return end < 0 ? null : remark.slice(start, end + SUFFIX.length);
}

/** The justifications a stored remark names (the form restores its selection from it). */
export function parseJustifications(remark: string | null | undefined): JustificationKey[] {
  const sentence = remark ? findSentence(remark) : null;
  if (!sentence) return [];
  return JUSTIFICATION_KEYS.filter((key) => sentence.includes(JUSTIFICATIONS[key]));
}

/** Replaces the remark's justification sentence with the one for `keys` (added at the end, or removed). */
export function withJustificationSentence(remark: string, keys: readonly JustificationKey[]): string {
  const next = buildJustificationSentence(keys);
  const current = findSentence(remark);
  if (current) {
    const replaced = remark.replace(current, next);
    return replaced.replace(/\n{2,}/g, '\n').trim();
  }
  if (!next) return remark;
  return remark.trim() ? `${remark.trim()}\n${next}` : next;
}

export type JustificationState = { selected: JustificationKey[]; invoiceRemark: string };

/**
 * Spec people §5: when a rate exceeds the default and nothing is selected, 'complexity' is selected and its sentence
 * added; when no rate exceeds it any more and only 'complexity' stands with its own sentence, both go again.
 */
export function applyJustificationRule(
  ratesHundredths: readonly number[],
  state: JustificationState,
  defaultRate = DEFAULT_RATE_HUNDREDTHS,
): JustificationState {
  const exceeds = ratesHundredths.some((rate) => rate > defaultRate);
  if (exceeds && state.selected.length === 0) {
    return { selected: ['complexity'], invoiceRemark: withJustificationSentence(state.invoiceRemark, ['complexity']) };
  }
  const onlyComplexity = state.selected.length === 1 && state.selected[0] === 'complexity';
  if (!exceeds && onlyComplexity && findSentence(state.invoiceRemark) === buildJustificationSentence(['complexity'])) {
    return { selected: [], invoiceRemark: withJustificationSentence(state.invoiceRemark, []) };
  }
  return state;
}
