import { LOGO_MAX_BYTES, LOGO_SIZE_ERROR, LOGO_TYPE_ERROR } from '@praxia/shared';

/**
 * The logo field's states (spec foundations §4): no change, a new file chosen, or the current logo marked for
 * deletion. Generic over the file so the rules are testable without a browser `File`.
 */
export type LogoState<F = File> = { kind: 'unchanged' } | { kind: 'new'; file: F } | { kind: 'delete' };
export type LogoUpload = LogoState<Blob>;

export const LOGO_ACCEPT = 'image/png,image/jpeg';

const LOGO_MIME_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg']);
const LOGO_EXTENSION = /\.(png|jpe?g)$/i;

/**
 * A first check in the browser: PNG or JPEG by MIME type or extension, at most 10 MB. The server judges by content
 * anyway. Returns the validation message key, or null when the file may be sent.
 */
export function checkLogoFile(file: { name: string; type: string; size: number }): string | null {
  if (!LOGO_MIME_TYPES.has(file.type.toLowerCase()) && !LOGO_EXTENSION.test(file.name)) return LOGO_TYPE_ERROR;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_ERROR;
  return null;
}

/** A file was chosen: it replaces the current logo (or an earlier choice); clearing the input drops the choice. */
export function chooseLogo<F>(file: F | null): LogoState<F> {
  return file === null ? { kind: 'unchanged' } : { kind: 'new', file };
}

/**
 * The 'Logo löschen' ↔ 'Löschen rückgängig' toggle. Marking drops a newly chosen file; with no stored logo there is
 * nothing to mark, so the toggle only discards the choice.
 */
export function toggleLogoDeletion<F>(state: LogoState<F>, hasStoredLogo: boolean): LogoState<F> {
  if (state.kind === 'delete') return { kind: 'unchanged' };
  return hasStoredLogo ? { kind: 'delete' } : { kind: 'unchanged' };
}

/** Whether the toggle is offered: there is a stored logo or a chosen file to let go of. */
export function canToggleLogoDeletion<F>(state: LogoState<F>, hasStoredLogo: boolean): boolean {
  return hasStoredLogo || state.kind !== 'unchanged';
}

/** The multipart `logo` value: the file, 'null' to delete, or nothing when the logo stays. */
export function toLogoFormValue<F>(state: LogoState<F>): F | 'null' | undefined {
  switch (state.kind) {
    case 'new':
      return state.file;
    case 'delete':
      return 'null';
    case 'unchanged':
      return undefined;
  }
}
