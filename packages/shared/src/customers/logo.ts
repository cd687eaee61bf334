// Without zod: the error mapping of every screen reads these, so they must not pull the practice schemas along.
export const LOGO_TYPES = ['png', 'jpeg'] as const;
export const LOGO_TYPE_ERROR = 'error.logoType';
/** The server detail the web maps to 'Die Datei für das Logo ist zu groß.' (spec §8). */
export const LOGO_TOO_BIG_DETAIL = 'file is too big';

/** The message key when a logo file exceeds LOGO_MAX_BYTES. */
export const LOGO_SIZE_ERROR = 'error.logoSize';
