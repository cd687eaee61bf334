import { formatEuro } from '@praxia/shared';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', the German date the documents print. */
export function germanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * '1.234,56 €'. Intl puts a no-break space before the sign; the PDF's standard fonts have no width for it, so a
 * plain space is printed (amounts sit in their own cells and never wrap).
 */
export const euro = (cents: number) => formatEuro(cents).replace(/\u00a0/g, ' ');

/** The IBAN in groups of four, as it is printed for reading ('DE89 3704 0044 0532 0130 00'). */
export const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** Millimetres → PDF points: DIN 5008 gives every position in millimetres. */
export const mm = (millimetres: number) => (millimetres * 72) / 25.4;

/**
 * The moment a document's files carry as their creation date: the issue day (midnight UTC) from its frozen content,
 * never the moment of drawing, so that drawing an issued document again gives the same bytes.
 */
export const documentDate = (issueDate: string) => new Date(`${issueDate}T00:00:00Z`);
