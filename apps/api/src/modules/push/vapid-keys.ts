import webpush from 'web-push';
import type { AppContext } from '../../context.js';
import { insertServerKeyIfMissing, readServerKey } from './push.repo.js';

export type VapidKeys = { publicKey: string; privateKey: string };

const PUBLIC = 'vapidPublicKey';
const PRIVATE = 'vapidPrivateKey';

// One key pair per database: kept once made, so browser subscriptions stay valid across restarts.
const cache = new WeakMap<object, Promise<VapidKeys>>();

async function loadOrCreate(ctx: AppContext): Promise<VapidKeys> {
  const [publicKey, privateKey] = await Promise.all([readServerKey(ctx.db, PUBLIC), readServerKey(ctx.db, PRIVATE)]);
  if (publicKey && privateKey) return { publicKey, privateKey };
  const made = webpush.generateVAPIDKeys();
  await ctx.db.transaction(async (tx) => {
    // Both halves in one transaction: a second process inserting at once waits on the first and keeps its pair.
    await insertServerKeyIfMissing(tx, PRIVATE, made.privateKey);
    await insertServerKeyIfMissing(tx, PUBLIC, made.publicKey);
  });
  const [storedPublic, storedPrivate] = await Promise.all([
    readServerKey(ctx.db, PUBLIC),
    readServerKey(ctx.db, PRIVATE),
  ]);
  if (!storedPublic || !storedPrivate) throw new Error('VAPID keys could not be stored');
  return { publicKey: storedPublic, privateKey: storedPrivate };
}

/** The server's VAPID key pair, made on first use and kept in server_keys. */
export function getVapidKeys(ctx: AppContext): Promise<VapidKeys> {
  // Keyed by the app's database handle (not a transaction's), so every request of one app shares the pair.
  const key = ctx.unitOfWork ? ctx : (ctx.db as object);
  let keys = cache.get(key);
  if (!keys) {
    keys = loadOrCreate(ctx);
    keys.catch(() => cache.delete(key));
    cache.set(key, keys);
  }
  return keys;
}
