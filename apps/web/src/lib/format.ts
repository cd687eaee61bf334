/**
 * An amount in cents as the interface shows money (design/ui.md): '1.234,56 €' in German, '€1,234.56' in English.
 * A plain space before the sign, so the text reads the same wherever it is copied or searched.
 */
export function formatEuro(cents: number, language = 'de'): string {
  const isEnglish = language.startsWith('en');
  const number = new Intl.NumberFormat(isEnglish ? 'en-GB' : 'de-DE', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  return isEnglish ? `€${number}` : `${number} €`;
}
