import { eq, inArray, sql } from 'drizzle-orm';
import { AUTH_ERRORS, type Entrance } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { LoginAttempts } from '../../services.js';
import { judgeAttempt, type Counter } from './login-guard.rules.js';

export interface LoginGuardSettings {
  /** Attempts of one account from one address that run without delay. */
  freeAttempts: number;
  /** First delay after the free attempts, doubling per attempt up to `delayMaxS`; 0 = no delays. */
  delayBaseS: number;
  delayMaxS: number;
  /** Failed attempts of one account (any address) after which its sign-in needs a solved captcha. */
  captchaAfter: number;
  /** Failed attempts of one account from one address that lock that pair (not the account). */
  maxFailures: number;
  /** Failed attempts from one address (any account) that lock the address. */
  ipMaxFailures: number;
  /** Counting window and lock length, seconds. */
  lockS: number;
  /** Entrances whose password sign-in always needs a solved captcha (spec: the back-office). */
  captchaEntrances: readonly Entrance[];
}

export const loginKeys = (loginName: string, ip: string) => {
  const name = loginName.trim().toLowerCase();
  return { acct: `acct:${name}`, pair: `pair:${ip}|${name}`, ip: `ip:${ip}` };
};

/**
 * Guards password sign-in (docs/auth.md "Passwords and lockout"). An attempt is *reserved*
 * before the slow password check: one transaction locks the account, account+address and
 * address counters, refuses the attempt if any rule says so, and otherwise counts it as a
 * failure at once. So N parallel guesses can never all be verified: each must first win a
 * counter that the earlier ones have already moved. A success gives the reservation back.
 * State lives in the database, so several server processes share it.
 */
export class LoginGuard implements LoginAttempts {
  constructor(
    private readonly db: Db,
    private readonly s: LoginGuardSettings,
  ) {}

  /** Whether this entrance's sign-in needs a captcha whatever the counters say. */
  alwaysNeedsCaptcha(entrance: Entrance): boolean {
    return this.s.captchaEntrances.includes(entrance);
  }

  /**
   * Reserves one attempt or throws: ACCOUNT_LOCKED (429) while the address or the account at
   * this address is locked, LOGIN_TOO_SOON (429) inside an escalating delay, CAPTCHA_REQUIRED
   * (400) when the account has failed too often and no captcha was solved for this attempt.
   */
  async reserve(loginName: string, ip: string, captchaSolved: boolean): Promise<void> {
    const k = loginKeys(loginName, ip);
    const refusal = await this.db.transaction(async (tx) => {
      const keys = [k.acct, k.ip, k.pair].sort(); // one lock order for every transaction: no deadlocks
      await tx
        .insert(loginFailures)
        .values(keys.map((key) => ({ key, failures: 0, windowStart: new Date() })))
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(loginFailures)
        .where(inArray(loginFailures.key, keys))
        .orderBy(loginFailures.key)
        .for('update');
      // Read the clock once the rows are ours: a burst may have queued this attempt for a while.
      const now = new Date();
      const byKey = new Map<string, Counter>(rows.map((r) => [r.key, r]));
      const verdict = judgeAttempt(
        { acct: byKey.get(k.acct)!, pair: byKey.get(k.pair)!, ip: byKey.get(k.ip)! },
        { ...this.s, captchaSolved, now },
      );
      if (verdict.kind !== 'allowed') return verdict;
      for (const [key, next] of Object.entries(verdict.next)) {
        await tx
          .update(loginFailures)
          .set(next)
          .where(eq(loginFailures.key, k[key as keyof typeof k]));
      }
      return null;
    });
    if (!refusal) return;
    if (refusal.kind === 'captcha') throw new AppError(AUTH_ERRORS.CAPTCHA_REQUIRED);
    const data = { retryAfterS: Math.max(1, Math.ceil((refusal.until.getTime() - Date.now()) / 1000)) };
    throw new AppError(
      refusal.kind === 'locked' ? AUTH_ERRORS.ACCOUNT_LOCKED : AUTH_ERRORS.LOGIN_TOO_SOON,
      undefined,
      data,
    );
  }

  /**
   * A correct password gives the reservation back: the account's and the pair's counts are
   * cleared, the address's count drops by the one attempt (an office behind one address keeps
   * signing in).
   */
  async succeeded(loginName: string, ip: string): Promise<void> {
    const k = loginKeys(loginName, ip);
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [k.acct, k.pair]));
    await this.db
      .update(loginFailures)
      .set({
        failures: sql`greatest(${loginFailures.failures} - 1, 0)`,
        // The reservation that reached the limit turned out right: it must not lock the address.
        lockedUntil: sql`case when ${loginFailures.failures} - 1 < ${this.s.ipMaxFailures} then null else ${loginFailures.lockedUntil} end`,
      })
      .where(eq(loginFailures.key, k.ip));
  }
}
