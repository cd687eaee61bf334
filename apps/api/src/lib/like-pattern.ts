/** Text searched with LIKE/ILIKE as itself: a typed `%`, `_` or backslash matches only that character. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern that finds the text anywhere. */
export const likeContaining = (text: string) => `%${likeEscape(text)}%`;

/**
 * The words of a name search: 'Julia Wagner', 'Wagner, Julia' and 'Wagner Julia' all give Julia and Wagner, each of
 * which must then match the first or the last name.
 */
export const searchWords = (text: string | null | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);
