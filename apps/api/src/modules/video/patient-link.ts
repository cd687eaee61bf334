import { VIDEO_PAGE_PREFIX } from '@praxia/shared/video/protocol';
import type { AppContext } from '../../context.js';
import { afterCommit } from '../../db/unit-of-work.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import type { AppointmentRow } from '../calendar/index.js';
import { deleteVideoAccessOf, replacePatientLink } from './video.repo.js';

/**
 * Makes the appointment's patient link (256 random bits, only the hash kept) and returns its URL; any earlier link of
 * the appointment stops working. Runs in the caller's transaction, with the mail that carries it.
 */
export async function issuePatientLink(tx: AppContext, row: AppointmentRow): Promise<string> {
  if (row.clientId === null) throw new Error('a patient link needs a booked client');
  const token = createToken();
  await replacePatientLink(tx.db, { tokenHash: hashToken(token), appointmentId: row.id, clientId: row.clientId });
  return `${tx.config.publicUrl}${VIDEO_PAGE_PREFIX}${token}`;
}

/**
 * The appointments were cancelled, rejected or deleted: their links and tokens go with the change, and once it is
 * committed an open call of theirs ends for both parties ("ended", cancelled).
 */
export async function endVideoConsultations(tx: AppContext, appointmentIds: number[]): Promise<void> {
  await deleteVideoAccessOf(tx.db, appointmentIds);
  afterCommit(tx, () => {
    for (const id of appointmentIds) {
      tx.videoRooms
        .end(id, 'cancelled')
        .catch((error: unknown) => tx.log.error({ err: error }, 'video call not ended'));
    }
  });
}
