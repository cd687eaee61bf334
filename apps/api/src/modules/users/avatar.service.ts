import { randomUUID } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, ErrorCode, ValidationKey as V } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { type ImageRefusal, ImageRefused, reencodeImage, tooLargeDetail } from '../../storage/images.js';
import { removeFileAfterCommit, storeThenCommit } from '../../storage/unreferenced-files.js';
import { findEditableUser } from './users.policy.js';
import { findCustomersOfUser, swapAvatarKey } from './users.repo.js';

export const avatarTooLarge = () =>
  new AppError(ErrorCode.fileSize, {
    status: 422,
    detail: `Die Datei darf maximal ${AVATAR_MAX_BYTES / 1_048_576} MB groß sein.`,
    fields: { file: [V.fileSize] },
  });

// The pixel refusal says what was refused: the byte limit (avatarTooLarge) is another matter.
const REFUSALS: Record<ImageRefusal, (refusal: ImageRefused) => AppError> = {
  type: () =>
    new AppError(ErrorCode.fileMimeType, {
      status: 422,
      detail: 'Only PNG, JPEG and GIF images are accepted.',
      fields: { file: [V.fileMimeType] },
    }),
  tooLarge: (refusal: ImageRefused) =>
    new AppError(ErrorCode.filePixels, {
      status: 422,
      detail: tooLargeDetail(refusal),
      fields: { file: [V.filePixels] },
    }),
  unreadable: () =>
    new AppError(ErrorCode.fileUnreadable, {
      status: 422,
      detail: 'The image cannot be read.',
      fields: { file: [V.fileUnreadable] },
    }),
};

export const avatarContentType = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** The avatar image of a user the actor may see. */
export async function getAvatar(ctx: AppContext, actor: Actor, userId: number) {
  const user = await findEditableUser(ctx, actor, userId);
  const data = user.avatarKey ? await ctx.storage.get(user.avatarKey) : null;
  if (!user.avatarKey || !data) throw notFound('Avatar not found');
  return { data, contentType: avatarContentType(user.avatarKey) };
}

/**
 * Stores a new avatar: PNG, JPEG or GIF by content, re-encoded (no EXIF, no trailing data) into 400 × 400 px.
 * It goes into the user's practice folder (admins have none); the previous file is removed once replaced.
 */
export async function replaceAvatar(ctx: AppContext, actor: Actor, userId: number, upload: Buffer) {
  await findEditableUser(ctx, actor, userId);
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await reencodeImage(upload, {
      maxSide: AVATAR_MAX_SIDE,
      uploader: `user:${actor.userId}`,
      isGifAllowed: true,
    });
  } catch (error) {
    if (error instanceof ImageRefused) throw REFUSALS[error.reason](error);
    throw error;
  }
  const practiceId = (await findCustomersOfUser(ctx.db, scopeOf(actor), userId))[0]?.id;
  const file = `${randomUUID()}.${image.format === 'png' ? 'png' : 'jpg'}`;
  const key = practiceId ? `practices/${practiceId}/avatars/${file}` : `avatars/${file}`;
  // Written before the row points at it; the replaced file goes once the new key is committed (two replacements at
  // once each remove the key they really replaced, read under the row lock).
  await storeThenCommit(ctx, [{ key, write: (storage) => storage.put(key, image.data) }], async (tx) => {
    const replaced = await swapAvatarKey(tx.db, userId, key);
    if (replaced) await removeFileAfterCommit(ctx, tx, replaced);
  });
  return { avatar: key.split('/').pop() as string, hasAvatar: true as const };
}

export async function removeAvatar(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  const user = await findEditableUser(ctx, actor, userId);
  if (!user.avatarKey) return;
  await withTransaction(ctx, async (tx) => {
    const removed = await swapAvatarKey(tx.db, userId, null);
    if (removed) await removeFileAfterCommit(ctx, tx, removed);
  });
}
