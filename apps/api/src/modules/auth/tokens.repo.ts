import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { securityTokens } from '../../db/schema.js';
import { createToken, hashToken } from '../../lib/tokens.js';

export type TokenKind = (typeof securityTokens.$inferSelect)['kind'];

/** Creates a link token; the plain value goes into the mail, only its hash is stored. */
export async function issueToken(
  db: Executor,
  kind: TokenKind,
  userId: number,
  validMs: number,
  payload: Record<string, string> = {},
): Promise<string> {
  const token = createToken();
  await db.insert(securityTokens).values({
    tokenHash: hashToken(token),
    kind,
    userId,
    payload,
    expiresAt: new Date(Date.now() + validMs),
  });
  return token;
}

/** A valid (unused, unexpired) token of this kind; invalid, expired and used tokens all give undefined. */
export async function findValidToken(db: Executor, kind: TokenKind, token: string) {
  const rows = await db
    .select()
    .from(securityTokens)
    .where(
      and(
        eq(securityTokens.tokenHash, hashToken(token)),
        eq(securityTokens.kind, kind),
        isNull(securityTokens.usedAt),
        gt(securityTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Marks a token used; only one concurrent caller gets the row back. */
export async function consumeToken(db: Executor, kind: TokenKind, token: string) {
  const rows = await db
    .update(securityTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(securityTokens.tokenHash, hashToken(token)),
        eq(securityTokens.kind, kind),
        isNull(securityTokens.usedAt),
        gt(securityTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return rows[0];
}

/** Older tokens of the same kind stop working when a new one is issued or one is used. */
export async function revokeTokensOfUser(db: Executor, kind: TokenKind, userId: number): Promise<void> {
  await db
    .update(securityTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(securityTokens.userId, userId), eq(securityTokens.kind, kind), isNull(securityTokens.usedAt)));
}

/** Every pending link token of the user, of any kind, stops working (their address changed: links went to the old). */
export async function revokeAllTokensOfUser(db: Executor, userId: number): Promise<void> {
  await db
    .update(securityTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(securityTokens.userId, userId), isNull(securityTokens.usedAt)));
}
