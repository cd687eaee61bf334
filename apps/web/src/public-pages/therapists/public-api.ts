/** What a public page's call came back with: the answer, a 404 (with its stable code), or a failure. */
export type PublicLoad<T> =
  | { kind: 'found'; data: T }
  | { kind: 'notFound'; code: string | null }
  | { kind: 'invalid' }
  | { kind: 'failed' };

/**
 * A GET of a public call. Plain fetch without cookies: these pages stay small, and a signed-in visitor sees what
 * every guest sees.
 */
export async function getPublic<T>(url: string): Promise<PublicLoad<T>> {
  try {
    const response = await fetch(url, { credentials: 'omit', headers: { accept: 'application/json' } });
    if (response.ok) return { kind: 'found', data: (await response.json()) as T };
    if (response.status === 404) {
      const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
      return { kind: 'notFound', code: typeof body?.code === 'string' ? body.code : null };
    }
    return response.status === 422 ? { kind: 'invalid' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
