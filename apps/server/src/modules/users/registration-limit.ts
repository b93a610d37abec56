import { AUTH_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { countCall } from '../auth/call-window.repo.js';

const HOUR_S = 3600;

/**
 * Doctor self-registration needs no account, so it is limited per client address and hour,
 * in the database (shared by every server process): `register` creations, and `check`
 * duplicate checks, which answer whether a login name exists and would otherwise list them.
 * Throws REGISTER_RATE_LIMITED (429, data.retryAfterS) past the limit.
 */
export async function limitRegistration(
  db: Db,
  call: 'register' | 'check' | 'member',
  ip: string,
  perHour: number,
): Promise<void> {
  const waitS = await countCall(db, `reg-${call}:${ip}`, perHour, HOUR_S);
  if (waitS > 0) throw new AppError(AUTH_ERRORS.REGISTER_RATE_LIMITED, undefined, { retryAfterS: waitS });
}
