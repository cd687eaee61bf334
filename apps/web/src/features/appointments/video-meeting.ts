import { type Appointment, can } from '@praxia/shared';

/**
 * Which video actions the appointment dialog offers (spec appointments §6): only for a linked patient and a place that
 * is not on site; starting needs the video chat permission (treating therapists), sending the patient's link again
 * the edit permission (assistants too). The server checks the same and answers 403/404 otherwise.
 */
export function videoMeetingActions(roles: number, appointment: Pick<Appointment, 'clientId' | 'location'>) {
  const isOnline = appointment.clientId !== null && appointment.location !== 'onSite';
  return {
    canStart: isOnline && can(roles, 'videoChat', 'create'),
    canResend: isOnline && can(roles, 'appointment', 'edit'),
  };
}

/**
 * The tab for the video page, opened right in the click handler: popup blockers (Safari's strictest) allow a new
 * window only synchronously within the user's gesture, before any await. It stays empty until the address is known.
 */
export const openEmptyTab = (): Window | null => window.open('', '_blank');

/**
 * Sends the tab opened at the click to the video page; without a tab (blocked anyway) this tab goes there. A failure
 * closes the empty tab again.
 */
export async function showInTab(tab: Window | null, address: () => Promise<string>): Promise<void> {
  try {
    const url = await address();
    if (!tab) return window.location.assign(url);
    // The video page needs nothing of this tab: no way back to the staff app's window.
    tab.opener = null;
    tab.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
