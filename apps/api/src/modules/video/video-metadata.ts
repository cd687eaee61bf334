import { VIDEO_METADATA_DAYS } from '@praxia/shared/video/protocol';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope, systemScope } from '../../lib/scope.js';
import { recordAudit } from '../audit/index.js';
import { removeUndeliveredSignals } from './signal-transport.js';
import {
  deleteSessionsJoinedBefore,
  deleteStaleTherapistTokens,
  insertSessionJoin,
  markSessionLeft,
} from './video.repo.js';
import type { VideoAccess } from './video-access.js';

const DAY_MS = 86_400_000;

/**
 * The audit row of a join or leave: the therapist as the actor; a patient joins through a link without an account,
 * so the actor is empty and the detail names the role.
 */
async function auditVideo(ctx: AppContext, access: VideoAccess, action: 'join' | 'leave', sessionId: number) {
  const { appointment, role } = access;
  await recordAudit(ctx.db, {
    actor: role === 'therapist' ? { userId: appointment.therapistId } : null,
    customerId: appointment.customerId,
    patientId: appointment.clientId,
    action,
    resource: 'videoSession',
    resourceId: appointment.id,
    detail: { role, videoSessionId: sessionId },
  });
}

/**
 * A party joined: the metadata row and the audit entry, together. Returns the row's id for the leave. A link, not a
 * signed-in caller, opened the call, so the work is the platform's inside the appointment's practice.
 */
export async function recordJoin(ctx: AppContext, access: VideoAccess, at: Date = new Date()): Promise<number> {
  return withTransaction(ctx, async (tx) => {
    const { appointment, role } = access;
    const id = await insertSessionJoin(tx.db, practiceScope(appointment.customerId), {
      appointmentId: appointment.id,
      role,
      joinedAt: at,
    });
    await auditVideo(tx, access, 'join', id);
    return id;
  });
}

export async function recordLeave(ctx: AppContext, access: VideoAccess, sessionId: number, at: Date = new Date()) {
  await withTransaction(ctx, async (tx) => {
    await markSessionLeft(tx.db, practiceScope(access.appointment.customerId), sessionId, at);
    await auditVideo(tx, access, 'leave', sessionId);
  });
}

/**
 * Deletes video metadata older than VIDEO_METADATA_DAYS (privacy notice), tokens that open nothing any more and
 * signalling messages no process took.
 */
export async function removeOldVideoData(db: Database, now: Date = new Date()): Promise<number> {
  await deleteStaleTherapistTokens(db, now);
  await removeUndeliveredSignals(db);
  const cutoff = new Date(now.getTime() - VIDEO_METADATA_DAYS * DAY_MS);
  return deleteSessionsJoinedBefore(db, systemScope('video housekeeping'), cutoff);
}

/** Hourly, like the waiting-list expiry. */
export function scheduleVideoHousekeeping(ctx: AppContext): void {
  ctx.jobs.schedule('video-housekeeping', '25 * * * *', () => removeOldVideoData(ctx.db));
}
