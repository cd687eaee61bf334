import { ErrorCode } from '@praxia/shared';
import { ApiError } from '../../lib/api-client';
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
    notifyError({ key: pushErrorKey(error, after) });
  }
}

function pushErrorKey(error: unknown, isSubscribing: boolean): string {
  if (error instanceof PushUnavailable) return `push.${error.reason}`;
  // The server refuses an endpoint that is not a public https address: say so rather than a bare failure.
  if (error instanceof ApiError && error.code === ErrorCode.pushEndpointRefused) return 'push.endpointRefused';
  return isSubscribing ? 'push.subscribeError' : 'push.unsetError';
}
