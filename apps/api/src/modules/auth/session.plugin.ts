import { getTrialState, hasRole, Role, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@praxia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { asSystem } from '../../db/row-scope.js';
import { systemScope } from '../../lib/scope.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import { PRACTICE_HEADER, resolveActingPractice } from '../../plugins/actor.js';
import { strongSecondFactorsOf } from './second-factors.js';
import {
  endSession as endSessionRow,
  findLiveSession,
  findSessionEndReason,
  insertSession,
  touchSession,
} from './session.repo.js';

export const SESSION_COOKIE = 'praxia_session';
// Renewing on every call would write on every request; a minute of slack is invisible to the 12 h idle rule.
const RENEW_SLACK_MS = 60_000;
const sessionLookup = systemScope('session lookup');

type SessionOptions = { db: Database; secureCookies: boolean; now?: () => Date };

export function registerSessions(app: FastifyInstance, options: SessionOptions): void {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionEnded', null);

  app.addHook('onRequest', async (request, reply) => {
    // Pages and assets need no session; loading them must not clear an ended session's cookie before
    // the first API call can report it as ended.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const idHash = hashToken(token);
    const current = now();
    // The caller's practices are what the request's scope is made of: read before there is one.
    const session = await asSystem(() => findLiveSession(options.db, sessionLookup, idHash, current));
    if (!session) {
      request.sessionEnded = await asSystem(() => findSessionEndReason(options.db, idHash, current));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    let idleExpiresAt = session.idleExpiresAt;
    const renewed = new Date(Math.min(current.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()));
    if (renewed.getTime() - idleExpiresAt.getTime() > RENEW_SLACK_MS) {
      await asSystem(() => touchSession(options.db, idHash, renewed));
      idleExpiresAt = renewed;
    }
    request.actor = {
      userId: session.userId,
      roles: session.roles,
      customerIds: session.customerIds,
      practiceId: resolveActingPractice(session.customerIds, request.headers[PRACTICE_HEADER]),
      patientOfPracticeId: session.patientOfPracticeId,
      sessionIdHash: idHash,
      idleExpiresAt,
      isTrialExpired:
        hasRole(session.roles, Role.CUSTOMER_ADMIN) &&
        getTrialState(session.trialExpiresAt?.toISOString(), current) === 'expired',
      // Asked only in a practice that requires it, so other sessions cost no extra query.
      isSecondFactorMissing:
        session.isSecondFactorRequired &&
        (await asSystem(() => strongSecondFactorsOf(options.db, session.userId))).length === 0,
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
  if (request.actor) await endSessionRow(db, request.actor.sessionIdHash, 'signedOut');
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
  if (request.actor) await endSessionRow(db, request.actor.sessionIdHash, 'signedOut');
  request.actor = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
