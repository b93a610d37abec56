import { and, eq, isNull, lt } from 'drizzle-orm';
import { AUTH_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

export type ChallengeKind = 'jigsaw' | 'drag';
export type Challenge = typeof captchas.$inferSelect;

/** Stores a new challenge with its answer; sweeps those long past expiry on the way. */
export async function storeChallenge(db: Db, kind: ChallengeKind, answerX: number, ttlS: number): Promise<string> {
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(Date.now() - 60_000)));
  const [row] = await db
    .insert(captchas)
    .values({ kind, answerX, expiresAt: new Date(Date.now() + ttlS * 1000) })
    .returning({ id: captchas.id });
  return row!.id;
}

/**
 * Spends a challenge of this kind: the first answer, right or wrong, uses it up (one statement,
 * so two parallel answers cannot both spend it). Throws CAPTCHA_EXPIRED for unknown, used,
 * expired or other-kind ids, CAPTCHA_WRONG when answered sooner than a person could (`minSolveMs`).
 */
export async function spendChallenge(db: Db, id: string, kind: ChallengeKind, minSolveMs: number): Promise<Challenge> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), eq(captchas.kind, kind), isNull(captchas.usedAt)))
    .returning();
  const now = Date.now();
  if (!row || row.expiresAt.getTime() < now) throw new AppError(AUTH_ERRORS.CAPTCHA_EXPIRED);
  if (now - row.createdAt.getTime() < minSolveMs) throw new AppError(AUTH_ERRORS.CAPTCHA_WRONG);
  return row;
}
