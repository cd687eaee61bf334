/** The coaching VAT rate (spec foundations §9: 19 %; §12 Abs.1 UStG standard rate), in percent. */
export const COACHING_VAT_PERCENT = 19;

/**
 * An invoice line for tax purposes. Therapy (every GOÄ line) is Heilbehandlung and exempt (§4 Nr.14a UStG).
 * A coaching amount is the amount entered: with `add` it is net and 19 % are added on top ('add tax', spec people
 * §3); with `notax` no tax is added, so in a practice liable to VAT the amount is the gross price that includes the
 * 19 % (coaching is no Heilbehandlung, §4 Nr.14 UStG does not cover it). Only a §19 UStG practice charges none.
 */
export type TaxableLine =
  | { kind: 'therapy'; amountCents: number }
  | { kind: 'coaching'; amountCents: number; tax: 'add' | 'notax' };

/** exempt: §4 Nr.14a UStG; standard: 19 %; untaxed: coaching of a §19 UStG small business. */
export type TaxGroup = 'exempt' | 'standard' | 'untaxed';
export type TaxTotal = { group: TaxGroup; ratePercent: number; netCents: number; taxCents: number; grossCents: number };
/** Keys of the notes the document prints (i18n), each required by §14 Abs.4 Nr.8 UStG for its case. */
export type TaxNoteKey = 'invoice.taxNote.medicalExemption' | 'invoice.taxNote.smallBusiness';

export type TaxSettings = {
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

/**
 * The net part of a gross amount that includes `percent` VAT, rounded half up to the cent; the tax is the rest, so
 * net and tax always add up to the gross entered (e.g. 100,00 € at 19 % → 84,03 € + 15,97 €).
 */
export function netOfGross(grossCents: number, percent: number): number {
  return Math.floor((grossCents * 200 + (100 + percent)) / (2 * (100 + percent)));
}

function groupOf(line: TaxableLine, settings: TaxSettings): TaxGroup {
  if (line.kind === 'therapy') return 'exempt';
  return settings.smallBusiness ? 'untaxed' : 'standard';
}

/** A line's amount is its gross (notax coaching in a practice liable to VAT) rather than its net. */
const includesTax = (line: TaxableLine, group: TaxGroup) =>
  group === 'standard' && line.kind === 'coaching' && line.tax === 'notax';

/**
 * Totals per rate (§14 Abs.4 Nr.7/8 UStG): net, tax and gross. The tax is computed once on each rate's total and
 * rounded half up (§14 Abs.4 Nr.8 asks for the amount per rate): on the net total of the amounts entered as net, and
 * out of the gross total of those entered as gross.
 */
export function taxSummary(lines: readonly TaxableLine[], settings: TaxSettings): TaxSummary {
  const nets = new Map<TaxGroup, number>();
  let grossIncludingTax = 0;
  for (const line of lines) {
    if (!Number.isInteger(line.amountCents) || line.amountCents < 0) throw new RangeError('amountCents');
    const group = groupOf(line, settings);
    if (includesTax(line, group)) grossIncludingTax += line.amountCents;
    else nets.set(group, (nets.get(group) ?? 0) + line.amountCents);
    if (!nets.has(group)) nets.set(group, 0);
  }
  const totals = GROUP_ORDER.filter((group) => nets.has(group)).map((group): TaxTotal => {
    const ratePercent = group === 'standard' ? COACHING_VAT_PERCENT : 0;
    const includedNet = group === 'standard' ? netOfGross(grossIncludingTax, ratePercent) : 0;
    const includedTax = group === 'standard' ? grossIncludingTax - includedNet : 0;
    const addedNet = nets.get(group) ?? 0;
    const taxCents = percentHalfUp(addedNet, ratePercent) + includedTax;
    const netCents = addedNet + includedNet;
    return { group, ratePercent, netCents, taxCents, grossCents: netCents + taxCents };
  });
  // §14 Abs.4 Nr.8 UStG: every amount without VAT names its reason, therapy its exemption, a small business §19.
  const noteKeys: TaxNoteKey[] = [];
  if (nets.has('exempt')) noteKeys.push('invoice.taxNote.medicalExemption');
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
