import { DEFAULT_RATE_HUNDREDTHS } from './fees.js';

/**
 * The nine increment justifications (spec people §3), each worded to follow 'Aufgrund'. Picking them builds the
 * sentence 'Aufgrund X und Y wird der angegebene Steigerungssatz veranschlagt.'; it is the justification of one fee
 * entry, printed under that line of the invoice (§12 Abs.3 GOÄ asks for it per service).
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

/** The longest justification a fee entry keeps (a few sentences; the invoice prints it under the line). */
export const JUSTIFICATION_MAX_LENGTH = 1000;

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

const keysIn = (sentence: string) => JUSTIFICATION_KEYS.filter((key) => sentence.includes(JUSTIFICATIONS[key]));

/**
 * The sentence the preset phrases built inside a text, if any. A sentence of the same shape that the therapist wrote
 * in their own words is not one: picking phrases must never overwrite it.
 */
function findPresetSentence(text: string): string | null {
  for (let start = text.indexOf(PREFIX); start >= 0; start = text.indexOf(PREFIX, start + 1)) {
    const end = text.indexOf(SUFFIX, start);
    if (end < 0) return null;
    const sentence = text.slice(start, end + SUFFIX.length);
    const keys = keysIn(sentence);
    if (keys.length > 0 && sentence === buildJustificationSentence(keys)) return sentence;
  }
  return null;
}

/** The preset phrases a justification's built sentence names (the form restores its ticks from it). */
export function parseJustifications(text: string | null | undefined): JustificationKey[] {
  const sentence = text ? findPresetSentence(text) : null;
  return sentence ? keysIn(sentence) : [];
}

/** Replaces the built sentence with the one for `keys` (added at the end, or removed); other text stays. */
export function withJustificationSentence(text: string, keys: readonly JustificationKey[]): string {
  const next = buildJustificationSentence(keys);
  const current = findPresetSentence(text);
  if (current) {
    const replaced = text.replace(current, next);
    return replaced.replace(/\n{2,}/g, '\n').trim();
  }
  if (!next) return text;
  return text.trim() ? `${text.trim()}\n${next}` : next;
}

/** §5 Abs.2 GOÄ: a factor above the item's threshold needs a written justification (§12 Abs.3). */
export const needsJustification = (rateHundredths: number, thresholdHundredths = DEFAULT_RATE_HUNDREDTHS) =>
  rateHundredths > thresholdHundredths;

/**
 * Spec people §5 for one fee entry whose rate changed: above its threshold with no justification, 'complexity' is
 * proposed (ticked and its sentence written, for the therapist to keep or change); back at or below it, a
 * justification that is exactly that proposal goes again. Anything the therapist chose or wrote stays.
 */
export function justificationAfterRateChange(justification: string, isAboveThreshold: boolean): string {
  const proposal = buildJustificationSentence(['complexity']);
  if (isAboveThreshold && !justification.trim()) return proposal;
  if (!isAboveThreshold && justification.trim() === proposal) return '';
  return justification;
}
