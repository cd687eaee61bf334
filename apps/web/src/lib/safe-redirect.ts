/** A `redirectTo` target only when it is a path of this app: a crafted link cannot send the user elsewhere. */
export const safeRedirect = (target: string | null | undefined): string | null =>
  target?.startsWith('/') && !target.startsWith('//') ? target : null;
