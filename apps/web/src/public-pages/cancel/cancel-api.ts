/** What the page shows of the appointment: time, therapist, practice, place (never anything of the patient's record). */
export type CancelInfo = {
  appointmentStart: string;
  appointmentEnd: string;
  therapistName: string;
  practiceName: string;
  location: 'onSite' | 'remote' | 'both' | null;
};

export type CancelLoad = { kind: 'found'; info: CancelInfo } | { kind: 'unknown' } | { kind: 'failed' };

const url = (token: string) => `/api/appointment/cancel/${encodeURIComponent(token)}`;

// Plain fetch: this page is opened from an e-mail on a phone and must stay small (no API client, no session cookie).
export async function loadCancelInfo(token: string): Promise<CancelLoad> {
  try {
    const response = await fetch(url(token), { credentials: 'omit' });
    if (response.ok) return { kind: 'found', info: (await response.json()) as CancelInfo };
    // Unknown, used or expired links all answer 404: the page says nothing about which.
    return response.status === 404 ? { kind: 'unknown' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** Cancels once; false when the server refused or could not be reached. */
export async function cancelByLink(token: string): Promise<boolean> {
  try {
    const response = await fetch(url(token), { method: 'PATCH', credentials: 'omit' });
    return response.ok;
  } catch {
    return false;
  }
}
