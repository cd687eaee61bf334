import { getTrialState, hasRole, Role, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@praxia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { createToken, hashToken } from '../modules/auth/crypto.js';
import { deleteSession, findLiveSession, insertSession, touchSession } from '../modules/auth/session.repo.js';
import { unauthorized } from './errors.js';

export const SESSION_COOKIE = 'praxia_session';
// Renewing on every call would write on every request; a minute of slack is invisible to the 12 h idle rule.
const RENEW_SLACK_MS = 60_000;

/** The signed-in caller, as services receive it. */
export type Actor = {
  userId: number;
  roles: number;
  customerIds: number[];
  sessionIdHash: Uint8Array;
  idleExpiresAt: Date;
  /** A practice owner whose trial has ended: only the upgrade and account calls stay open. */
  isTrialExpired: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** Set when a session cookie arrived but its session had ended (idle or absolute timeout, logout). */
    sessionEnded: boolean;
  }
}

type SessionOptions = { db: Database; secureCookies: boolean; now?: () => Date };

export function registerSessions(app: FastifyInstance, options: SessionOptions): void {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionEnded', false);

  app.addHook('onRequest', async (request, reply) => {
    // Pages and assets need no session; loading them must not clear an ended session's cookie before
    // the first API call can report it as ended.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const idHash = hashToken(token);
    const current = now();
    const session = await findLiveSession(options.db, idHash, current);
    if (!session) {
      request.sessionEnded = true;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    let idleExpiresAt = session.idleExpiresAt;
    const renewed = new Date(Math.min(current.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()));
    if (renewed.getTime() - idleExpiresAt.getTime() > RENEW_SLACK_MS) {
      await touchSession(options.db, idHash, renewed);
      idleExpiresAt = renewed;
    }
    request.actor = {
      userId: session.userId,
      roles: session.roles,
      customerIds: session.customerIds,
      sessionIdHash: idHash,
      idleExpiresAt,
      isTrialExpired:
        hasRole(session.roles, Role.CUSTOMER_ADMIN) &&
        getTrialState(session.trialExpiresAt?.toISOString(), current) === 'expired',
    };
    setSessionCookie(reply, token, idleExpiresAt, current, options.secureCookies);
  });
}

function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, current: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - current.getTime()) / 1000)),
  });
}

/** Starts a fresh session (a new id at every login) and ends the one the request came with. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  userId: number,
  secure: boolean,
): Promise<void> {
  if (request.actor) await deleteSession(db, request.actor.sessionIdHash);
  const token = createToken();
  const current = new Date();
  const idleExpiresAt = new Date(current.getTime() + SESSION_IDLE_MS);
  await insertSession(db, {
    idHash: hashToken(token),
    userId,
    idleExpiresAt,
    absoluteExpiresAt: new Date(current.getTime() + SESSION_ABSOLUTE_MS),
  });
  setSessionCookie(reply, token, idleExpiresAt, current, secure);
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, db: Database): Promise<void> {
  if (request.actor) await deleteSession(db, request.actor.sessionIdHash);
  request.actor = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in caller of a route that declared signedIn or a permission (the access check ran first). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
