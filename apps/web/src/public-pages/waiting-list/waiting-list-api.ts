export type RemovalResult = 'removed' | 'unknown' | 'failed';

/**
 * Removes the waiting-list entry a mail's link names. Plain fetch without the session cookie: the page is opened from
 * an e-mail and must stay small. Unknown, used and expired links all answer 404.
 */
export async function removeFromWaitingList(token: string): Promise<RemovalResult> {
  try {
    const response = await fetch(`/api/appointment/waiting-list/${encodeURIComponent(token)}`, {
      method: 'DELETE',
      credentials: 'omit',
    });
    if (response.ok) return 'removed';
    return response.status === 404 ? 'unknown' : 'failed';
  } catch {
    return 'failed';
  }
}
