import { notifyError } from '../../lib/notify';
import { PushUnavailable, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';

/** Follows the push agreement on this browser after a successful save (people §4). */
export async function applyPushChoice(userId: number, before: boolean, after: boolean): Promise<void> {
  if (before && after) {
    // Kept: register this browser too (another device than the first), without asking again or complaining.
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      await subscribeThisBrowser().catch(() => undefined);
    }
    return;
  }
  if (before === after) return;
  try {
    if (after) await subscribeThisBrowser();
    else await unsubscribeThisBrowser(userId);
  } catch (error) {
    const key =
      error instanceof PushUnavailable ? `push.${error.reason}` : after ? 'push.subscribeError' : 'push.unsetError';
    notifyError({ key });
  }
}
