import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { AUTH_ERRORS, leadingZeroBits, powInput } from '@tcm/contract';
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

/**
 * The answer's proof of work (docs/security.md §14d): SHA-256 of `<captchaId>:<pow>` must start
 * with `bits` zero bits. Checked after the challenge is spent, so a failed proof costs the
 * challenge like a wrong answer (CAPTCHA_WRONG).
 */
export function assertPow(captchaId: string, pow: string | undefined, bits: number): void {
  if (bits <= 0) return;
  const digest = pow === undefined ? undefined : createHash('sha256').update(powInput(captchaId, pow)).digest();
  if (!digest || leadingZeroBits(digest) < bits) throw new AppError(AUTH_ERRORS.CAPTCHA_WRONG);
}
