/** 'YYYY-MM' → 'November 2026' (German) or 'November 2026' (English), as the evaluation lists months (spec §2.9). */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  // Noon UTC on the first keeps the month whatever zone formats it.
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'de-DE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, monthNumber - 1, 1, 12)));
}

/** The chart's bars run oldest to newest, left to right; the API answers newest first. */
export const chronological = <T extends { month: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.month.localeCompare(b.month));
