/**
 * GOÄ section B, general provision 4: Nr. 1, 3, 22, 30 and 34 cannot be billed beside Nr. 804 to 812, 817, 835,
 * 849, 861 to 864, 870, 871, 886 and 887. It speaks of a session (one appointment), so the check runs per session.
 */
export const CONSULTATION_CODES: readonly string[] = ['1', '3', '22', '30', '34'];
const TREATMENT_RANGES: readonly (readonly [number, number])[] = [
  [804, 812],
  [817, 817],
  [835, 835],
  [849, 849],
  [861, 864],
  [870, 871],
  [886, 887],
];

function isTreatmentCode(code: string): boolean {
  if (!/^\d+$/.test(code)) return false; // 827a and letters are other items
  const number = Number(code);
  return TREATMENT_RANGES.some(([from, to]) => number >= from && number <= to);
}

export type ExclusionSession<Id> = { sessionId: Id; codes: readonly string[] };
export type ExclusionConflict<Id> = { sessionId: Id; consultationCode: string; treatmentCode: string };

/**
 * The conflicting pairs per session, each pair once, in the order the codes appear. An analog number counts as its
 * reference item (`referenceOf`, e.g. 804a → 804): it is billed 'entsprechend' that item (§6 Abs.2), and insurers
 * apply the item's provisions to it; a warning the user confirms costs less than an invoice the insurer cuts.
 */
export function exclusionConflicts<Id>(
  sessions: readonly ExclusionSession<Id>[],
  referenceOf: (code: string) => string | null = () => null,
): ExclusionConflict<Id>[] {
  const conflicts: ExclusionConflict<Id>[] = [];
  for (const { sessionId, codes } of sessions) {
    const effective = (code: string) => referenceOf(code) ?? code;
    const consultations = [...new Set(codes.filter((code) => CONSULTATION_CODES.includes(effective(code))))];
    const treatments = [...new Set(codes.filter((code) => isTreatmentCode(effective(code))))];
    for (const consultationCode of consultations) {
      for (const treatmentCode of treatments) conflicts.push({ sessionId, consultationCode, treatmentCode });
    }
  }
  return conflicts;
}
