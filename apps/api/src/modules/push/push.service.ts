import { ErrorCode, type PushSubscriptionBody, SUPPORT_EMAIL } from '@praxia/shared';
import webpush from 'web-push';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import {
  deleteSubscriptionById,
  deleteSubscriptions,
  findSubscriptionsOfUser,
  upsertSubscription,
} from './push.repo.js';
import { getVapidKeys } from './vapid-keys.js';

const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps an undelivered notification (seconds). */
const TTL_SECONDS = 24 * 60 * 60;

export type PushPayload = { title: string; body: string; url?: string };

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

/**
 * Push services are https. Outside production a plain-http endpoint on this machine is accepted too (a local push
 * service emulator in development and tests); never any other http address.
 */
function assertEndpointAllowed(ctx: AppContext, endpoint: string): void {
  const url = new URL(endpoint);
  const isLocalEmulator = !ctx.config.isProduction && url.protocol === 'http:' && isLoopback(url.hostname);
  if (url.protocol !== 'https:' && !isLocalEmulator) {
    throw new AppError(ErrorCode.validationFailed, {
      status: 422,
      detail: 'The push endpoint must be https',
      fields: { endpoint: ['error.invalidValue'] },
    });
  }
}

export async function getPushPublicKey(ctx: AppContext): Promise<string> {
  return (await getVapidKeys(ctx)).publicKey;
}

export async function subscribeToPush(ctx: AppContext, actor: Actor, body: PushSubscriptionBody): Promise<void> {
  assertEndpointAllowed(ctx, body.endpoint);
  await upsertSubscription(ctx.db, {
    userId: actor.userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  });
}

/** Removes the caller's subscription of this browser (or all of theirs without one); other users answer 404. */
export async function unsubscribeFromPush(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  endpoint: string | undefined,
): Promise<void> {
  if (userId !== actor.userId) throw notFound('User not found');
  await deleteSubscriptions(ctx.db, userId, endpoint);
}

/**
 * Sends a notification to every browser the user subscribed. Subscriptions the push service reports gone (404,
 * 410) are deleted; other failures are logged and counted. Answers how many browsers accepted it.
 */
export async function sendPushToUser(
  ctx: AppContext,
  userId: number,
  payload: PushPayload,
): Promise<{ sent: number; failed: number }> {
  const subscriptions = await findSubscriptionsOfUser(ctx.db, userId);
  if (subscriptions.length === 0) return { sent: 0, failed: 0 };
  const keys = await getVapidKeys(ctx);
  let sent = 0;
  let failed = 0;
  for (const subscription of subscriptions) {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: { subject: `mailto:${SUPPORT_EMAIL}`, ...keys }, TTL: TTL_SECONDS },
    );
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (response.ok) sent++;
      else {
        failed++;
        if (response.status === 404 || response.status === 410) await deleteSubscriptionById(ctx.db, subscription.id);
        else ctx.log.warn(`push service answered ${response.status}`);
      }
    } catch (error) {
      failed++;
      ctx.log.warn(`push could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { sent, failed };
}

/** The profile's test button: a notification to the caller's own browsers. */
export async function sendTestPush(ctx: AppContext, actor: Actor, language: 'de' | 'en') {
  const result = await sendPushToUser(
    ctx,
    actor.userId,
    language === 'en'
      ? { title: 'Praxia', body: 'Push notifications work in this browser.' }
      : { title: 'Praxia', body: 'Push-Benachrichtigungen funktionieren in diesem Browser.' },
  );
  if (result.sent === 0) {
    throw new AppError(ErrorCode.pushUnavailable, {
      status: 422,
      detail: 'No subscribed browser accepted the notification.',
    });
  }
  return result;
}
