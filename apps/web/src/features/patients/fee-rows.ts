import {
  DEFAULT_COACHING_TITLE,
  DEFAULT_RATE_HUNDREDTHS,
  type FeeCatalogueItem,
  type FeeDefault,
  feeItemLabel,
  formatRateUi,
  isRateWithin,
  justificationAfterRateChange,
  parseEuroCents,
  parseRate,
  ValidationKey,
} from '@praxia/shared';
import { goaeEntryOf, isRateAboveThreshold, maxRateOf } from '../fees/fee-rates';

/** The fields of a GOÄ row: what the user typed (the rate with a comma decimal). */
type GoaeFields = { alternativeTitle: string; rate: string; justification: string };
type CoachingFields = { coachingTitle: string; coachingAmount: string; coachingAmountTax: 'add' | 'notax' };

/**
 * A fee row of the patient form. A stored row keeps its id and remembers what it held (`storedAs`): unchanged it is
 * kept by id, changed it replaces the stored entry.
 */
export type FeeRow =
  | ({
      key: string;
      id?: number;
      storedAs?: string;
      kind: 'goae';
      codeValue: string;
      item: FeeCatalogueItem | null;
    } & GoaeFields)
  | ({ key: string; id?: number; storedAs?: string; kind: 'coaching' } & CoachingFields);

export type GoaeFeeRow = Extract<FeeRow, { kind: 'goae' }>;

/** A row's fields that can show a message. */
export type FeeRowField = 'alternativeTitle' | 'rate' | 'justification' | 'coachingTitle' | 'coachingAmount' | 'row';
/** Row key → field → message key (validation catalogue). */
export type FeeRowErrors = Record<string, Partial<Record<FeeRowField, string>>>;

const contentOf = (row: FeeRow) =>
  JSON.stringify(
    row.kind === 'goae'
      ? [row.alternativeTitle.trim(), parseRate(row.rate), row.justification.trim()]
      : [row.coachingTitle.trim(), parseEuroCents(row.coachingAmount), row.coachingAmountTax],
  );

const remembered = <T extends FeeRow>(row: T): T => ({ ...row, storedAs: contentOf(row) });

let newKey = 0;

/** A row for an item picked from the catalogue, at the default rate under its short title. */
export const newGoaeRow = (item: FeeCatalogueItem): FeeRow => ({
  key: `new${++newKey}`,
  kind: 'goae',
  item,
  justification: '',
  ...goaeEntryOf(item),
});

/** A new coaching row, titled as the spec's constant says. */
export const newCoachingRow = (): FeeRow => ({
  key: `new${++newKey}`,
  kind: 'coaching',
  coachingTitle: DEFAULT_COACHING_TITLE,
  coachingAmount: '',
  coachingAmountTax: 'notax',
});

export function toFeeRows(list: FeeDefault[]): FeeRow[] {
  return list.map((entry) =>
    remembered<FeeRow>(
      entry.codeValue
        ? {
            key: `f${entry.id}`,
            id: entry.id,
            kind: 'goae',
            codeValue: entry.codeValue,
            item: entry.item,
            alternativeTitle: entry.alternativeTitle ?? '',
            rate: (entry.incrementalRate ?? '').replace('.', ','),
            justification: entry.justification ?? '',
          }
        : {
            key: `f${entry.id}`,
            id: entry.id,
            kind: 'coaching',
            coachingTitle: entry.coachingTitle ?? '',
            coachingAmount: entry.coachingAmount === null ? '' : String(entry.coachingAmount).replace('.', ','),
            coachingAmountTax: entry.coachingAmountTax ?? 'notax',
          },
    ),
  );
}

/** As the catalogue search labels an item (spec people §3: code, title, amount × rate), at the rate now typed. */
export function goaeRowLabel(row: GoaeFeeRow): string {
  if (!row.item) return row.codeValue;
  return feeItemLabel(row.item, parseRate(row.rate) ?? DEFAULT_RATE_HUNDREDTHS);
}

/** The item's threshold as the interface writes it ('2,3'). */
export const thresholdLabelOf = (row: GoaeFeeRow) =>
  formatRateUi(parseRate(row.item?.thresholdFactor ?? '') ?? DEFAULT_RATE_HUNDREDTHS);

export const needsRowJustification = (row: GoaeFeeRow) => isRateAboveThreshold(row.rate, row.item);

/**
 * A new rate for a GOÄ row, with spec people §5's rule for its justification: above the threshold without one,
 * 'complexity' is proposed; the proposal goes again at or below it. A rate still being typed ('3,') leaves it alone.
 */
export function withRate(row: GoaeFeeRow, rate: string): GoaeFeeRow {
  if (parseRate(rate) === null) return { ...row, rate };
  return {
    ...row,
    rate,
    justification: justificationAfterRateChange(row.justification, isRateAboveThreshold(rate, row.item)),
  };
}

const isKeptAsStored = (row: FeeRow) => row.id !== undefined && row.storedAs === contentOf(row);

/**
 * Spec people §5, the required fields: a GOÄ row needs its title and a rate the item allows, and above the item's
 * threshold a justification; a coaching row needs its title and a positive amount. A row that is kept as stored is not
 * checked again; any other row with a gap stops the save with a message at the field (nothing is left out silently).
 */
export function feeRowErrors(rows: FeeRow[], agreedFactor: number | null = null): FeeRowErrors {
  const errors: FeeRowErrors = {};
  for (const row of rows) {
    if (isKeptAsStored(row)) continue;
    const own: Partial<Record<FeeRowField, string>> = {};
    if (row.kind === 'goae') {
      if (!row.alternativeTitle.trim()) own.alternativeTitle = ValidationKey.required;
      if (!row.rate.trim()) own.rate = ValidationKey.required;
      else if (!isRateWithin(row.rate, maxRateOf(row.item, agreedFactor))) own.rate = ValidationKey.invalidValue;
      else if (needsRowJustification(row) && !row.justification.trim()) {
        own.justification = ValidationKey.justificationRequired;
      }
    } else {
      if (!row.coachingTitle.trim()) own.coachingTitle = ValidationKey.required;
      const cents = parseEuroCents(row.coachingAmount);
      if (!row.coachingAmount.trim()) own.coachingAmount = ValidationKey.required;
      else if (cents === null || cents <= 0) own.coachingAmount = ValidationKey.invalidValue;
    }
    if (Object.keys(own).length > 0) errors[row.key] = own;
  }
  return errors;
}

/** The fee rows the save sends (spec people §4), one per row and in the rows' order: unchanged stored rows by id. */
export type FeePayload =
  | { id: number }
  | { codeValue: string; alternativeTitle: string | null; incrementalRate: string; justification: string | null }
  | { coachingTitle: string; coachingAmount: string; coachingAmountTax: 'add' | 'notax' };

export function toFeePayload(rows: FeeRow[]): FeePayload[] {
  return rows.map((row): FeePayload => {
    if (row.id !== undefined && isKeptAsStored(row)) return { id: row.id };
    if (row.kind === 'goae') {
      return {
        codeValue: row.codeValue,
        alternativeTitle: row.alternativeTitle.trim() || null,
        incrementalRate: row.rate.trim().replace(',', '.'),
        // Sent as the row holds it; the server keeps it and prints it only above the threshold.
        justification: row.justification.trim() || null,
      };
    }
    return {
      coachingTitle: row.coachingTitle.trim(),
      coachingAmount: row.coachingAmount.trim(),
      coachingAmountTax: row.coachingAmountTax,
    };
  });
}

/** A server field of a fee entry → the row's field that shows it. */
const ROW_FIELDS: Record<string, FeeRowField> = {
  alternativeTitle: 'alternativeTitle',
  incrementalRate: 'rate',
  justification: 'justification',
  coachingTitle: 'coachingTitle',
  coachingAmount: 'coachingAmount',
};

/**
 * The server's refusals of fee entries ('feeDefaults.2.justification', as the payload listed them, which is the rows'
 * order) at their rows and fields; a field the row does not show goes to the row as a whole. 'feeDefaults' without
 * an index concerns the list. What names no row is left for the caller.
 */
export function placeFeeErrors(fieldErrors: Record<string, string>, rows: FeeRow[]) {
  const byRow: FeeRowErrors = {};
  let list: string | null = null;
  const rest: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^feeDefaults(?:\.(\d+)(?:\.(\w+))?)?$/.exec(path);
    const row = match?.[1] === undefined ? undefined : rows[Number(match[1])];
    if (match && match[1] === undefined) list = message;
    else if (match && row) byRow[row.key] = { ...byRow[row.key], [ROW_FIELDS[match[2] ?? ''] ?? 'row']: message };
    else rest[path] = message;
  }
  return { byRow, list, rest };
}
