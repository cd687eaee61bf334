/** The coaching VAT rate (spec foundations §9: 19 %; §12 Abs.1 UStG standard rate), in percent. */
export const COACHING_VAT_PERCENT = 19;

/**
 * An invoice line for tax purposes. Therapy (every GOÄ line) is Heilbehandlung and exempt (§4 Nr.14a UStG).
 * A coaching amount is the amount entered: with `add` it is net and 19 % are added on top ('add tax', spec people
 * §3); with `notax` it is charged as entered, without VAT.
 */
export type TaxableLine =
  | { kind: 'therapy'; amountCents: number }
  | { kind: 'coaching'; amountCents: number; tax: 'add' | 'notax' };

/** exempt: §4 Nr.14a UStG; standard: 19 %; untaxed: coaching without VAT (notax, or a §19 small business). */
export type TaxGroup = 'exempt' | 'standard' | 'untaxed';
export type TaxTotal = { group: TaxGroup; ratePercent: number; netCents: number; taxCents: number; grossCents: number };
/** Keys of the notes the document prints (i18n), each required by §14 Abs.4 Nr.8 UStG for its case. */
export type TaxNoteKey = 'invoice.taxNote.medicalExemption' | 'invoice.taxNote.smallBusiness';

export type TaxSettings = {
  /** The practice's taxExceptionMedicalServices = add: print the §4 Nr.14a note beside therapy lines. */
  medicalExemptionNote: boolean;
  /** The practice's taxExceptionSmallBusiness = add: §19 UStG, no VAT is charged at all. */
  smallBusiness: boolean;
};

export type TaxSummary = {
  totals: TaxTotal[];
  netCents: number;
  taxCents: number;
  grossCents: number;
  noteKeys: TaxNoteKey[];
};

const GROUP_ORDER: readonly TaxGroup[] = ['exempt', 'standard', 'untaxed'];

/** Half-up percentage of a non-negative amount in whole cents. */
const percentHalfUp = (cents: number, percent: number) => Math.floor((cents * percent * 2 + 100) / 200);

function groupOf(line: TaxableLine, settings: TaxSettings): TaxGroup {
  if (line.kind === 'therapy') return 'exempt';
  return line.tax === 'add' && !settings.smallBusiness ? 'standard' : 'untaxed';
}

/**
 * Totals per rate (§14 Abs.4 Nr.7/8 UStG): net, tax and gross. The tax is computed once on each rate's net total and
 * rounded half up (§14 Abs.4 Nr.8 asks for the amount per rate), so the lines need not be rounded themselves.
 */
export function taxSummary(lines: readonly TaxableLine[], settings: TaxSettings): TaxSummary {
  const nets = new Map<TaxGroup, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.amountCents) || line.amountCents < 0) throw new RangeError('amountCents');
    const group = groupOf(line, settings);
    nets.set(group, (nets.get(group) ?? 0) + line.amountCents);
  }
  const totals = GROUP_ORDER.filter((group) => nets.has(group)).map((group): TaxTotal => {
    const netCents = nets.get(group) ?? 0;
    const ratePercent = group === 'standard' ? COACHING_VAT_PERCENT : 0;
    const taxCents = percentHalfUp(netCents, ratePercent);
    return { group, ratePercent, netCents, taxCents, grossCents: netCents + taxCents };
  });
  const noteKeys: TaxNoteKey[] = [];
  if (nets.has('exempt') && settings.medicalExemptionNote) noteKeys.push('invoice.taxNote.medicalExemption');
  if (settings.smallBusiness) noteKeys.push('invoice.taxNote.smallBusiness');
  const sum = (pick: (total: TaxTotal) => number) => totals.reduce((total, entry) => total + pick(entry), 0);
  return {
    totals,
    netCents: sum((t) => t.netCents),
    taxCents: sum((t) => t.taxCents),
    grossCents: sum((t) => t.grossCents),
    noteKeys,
  };
}
