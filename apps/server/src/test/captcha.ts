import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema/index.js';

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
