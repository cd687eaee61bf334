/** Text searched with LIKE/ILIKE as itself: a typed `%`, `_` or backslash matches only that character. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern that finds the text anywhere. */
export const likeContaining = (text: string) => `%${likeEscape(text)}%`;
