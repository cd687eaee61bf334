import type { PushSubscriptionBody } from '@praxia/shared';
import { getPushPublicKey, removePushSubscription, savePushSubscription } from './api';

export class PushUnavailable extends Error {
  constructor(readonly reason: 'unsupported' | 'denied') {
    super(`push ${reason}`);
  }
}

/** The VAPID key as the PushManager wants it (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function getRegistration(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) throw new PushUnavailable('unsupported');
  // The app's worker (public/sw.js) receives the pushes; without it (development) there is nothing to subscribe.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new PushUnavailable('unsupported');
  return registration;
}

/** Subscribes this browser and hands the subscription to the server (people §4: when the agreement is given). */
export async function subscribeThisBrowser(): Promise<void> {
  const registration = await getRegistration();
  if ((await Notification.requestPermission()) !== 'granted') throw new PushUnavailable('denied');
  const applicationServerKey = keyBytes(await getPushPublicKey());
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  await savePushSubscription(subscription.toJSON() as PushSubscriptionBody);
}

/** Ends this browser's subscription here and on the server (when the agreement is withdrawn). */
export async function unsubscribeThisBrowser(userId: number): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  await removePushSubscription(userId, subscription?.endpoint);
  await subscription?.unsubscribe();
}
