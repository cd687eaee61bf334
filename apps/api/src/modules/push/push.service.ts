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
import { assertEndpointAllowed, postToPushService } from './push-endpoint.js';
import { getVapidKeys } from './vapid-keys.js';

/** How long a push service keeps an undelivered notification (seconds). */
const TTL_SECONDS = 24 * 60 * 60;

export type PushPayload = { title: string; body: string; url?: string };

export async function getPushPublicKey(ctx: AppContext): Promise<string> {
  return (await getVapidKeys(ctx)).publicKey;
}

export async function subscribeToPush(ctx: AppContext, actor: Actor, body: PushSubscriptionBody): Promise<void> {
  await assertEndpointAllowed(ctx, body.endpoint);
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
 * 410) are deleted; other failures (an endpoint that now resolves to a private address among them) are logged and
 * counted. Answers how many browsers accepted it.
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
      const status = await postToPushService(
        ctx,
        request.endpoint,
        request.headers as Record<string, string>,
        request.body as Buffer,
      );
      if (status >= 200 && status < 300) sent++;
      else {
        failed++;
        if (status === 404 || status === 410) await deleteSubscriptionById(ctx.db, subscription.id);
        else ctx.log.warn(`push service answered ${status}`);
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
