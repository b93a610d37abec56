import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AUTH_PATHS, leadingZeroBits, powInput } from '@tcm/contract';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/**
 * Moves a captcha challenge's issue time `ms` into the past, as if a person had taken that
 * long to drag (answers faster than a person are refused), and returns its stored answer.
 */
export async function ageChallenge(db: Db, captchaId: string, ms = 2000): Promise<number> {
  const [row] = await db
    .update(captchas)
    .set({ createdAt: sql`${captchas.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(captchas.id, captchaId))
    .returning({ answerX: captchas.answerX });
  return row!.answerX;
}

/**
 * Finds the proof-of-work nonce a captcha answer needs (what a browser does while the person
 * drags): at least `bits` zero bits and, for a deliberately short proof, fewer than `below`.
 */
export function solvePow(captchaId: string, bits: number, below = Infinity): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const zeros = leadingZeroBits(createHash('sha256').update(powInput(captchaId, nonce)).digest());
    if (zeros >= bits && zeros < below) return nonce;
  }
}

/** A jigsaw challenge of `t` answered right, as a person (and the browser's proof of work) would. */
export async function solvedJigsaw(
  t: TestApp,
  bits = 0,
): Promise<{ captchaId: string; x: number; pow: string | undefined }> {
  const res = await t.app.inject({
    method: 'GET',
    url: AUTH_PATHS.jigsawRegister,
    headers: { authorization: t.client },
  });
  const { captchaId } = res.json().data as { captchaId: string };
  const x = await ageChallenge(t.database.db, captchaId);
  return { captchaId, x, pow: bits ? solvePow(captchaId, bits) : undefined };
}
