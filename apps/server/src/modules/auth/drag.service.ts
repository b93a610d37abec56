import { randomInt } from 'node:crypto';
import { AUTH_ERRORS, type DragChallenge, type DragPayload } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { assertPow, spendChallenge, storeChallenge } from './challenge.repo.js';
import { DRAG_RULES, implausibleDrag } from './drag-check.js';

/** Slider widths the server picks from (px), and how long a challenge lives. */
export const DRAG = { minWidth: 240, maxWidth: 320, ttlS: 120 } as const;

/** Issues a drag challenge: a random slider width, kept server-side with the challenge. */
export async function createDrag(db: Db, powBits: number): Promise<DragChallenge> {
  const width = randomInt(DRAG.minWidth, DRAG.maxWidth + 1);
  return { captchaId: await storeChallenge(db, 'drag', width, DRAG.ttlS), width, expiresIn: DRAG.ttlS, powBits };
}

const rejected = (reason: string) => new AppError(AUTH_ERRORS.DRAG_REJECTED, undefined, { reason });

/**
 * Spends the challenge the drag answers, then judges the track: it must cross the width this
 * challenge set (so a track recorded for another challenge misses its end), be no longer than
 * the time since the challenge was issued, and look like a person's drag (drag-check.ts).
 */
export async function checkDrag(db: Db, p: DragPayload, powBits: number): Promise<void> {
  const row = await spendChallenge(db, p.captchaId, 'drag', DRAG_RULES.minDurationMs);
  // A track is easy to script (issue 35 item 7); the proof of work makes each try cost.
  assertPow(p.captchaId, p.pow, powBits);
  if (p.width !== row.answerX) throw rejected('wrong-width');
  const why = implausibleDrag(p);
  if (why) throw rejected(why);
  const duration = p.track[p.track.length - 1]!.t - p.track[0]!.t;
  if (duration > Date.now() - row.createdAt.getTime()) throw rejected('older-than-challenge');
}
