import { inArray, sql } from 'drizzle-orm';
import { AUTH_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

export interface LoginGuardSettings {
  /** Failures of one account within the window before it locks. */
  maxFailures: number;
  /** Failures from one IP within the window before it locks. */
  ipMaxFailures: number;
  /** Window and lockout length, seconds. */
  lockS: number;
}

/**
 * Counts failed sign-ins per account and per IP in the database (so several server processes
 * share the count) and refuses attempts with 429 while either is locked.
 */
export class LoginGuard {
  constructor(
    private readonly db: Db,
    private readonly s: LoginGuardSettings,
  ) {}

  private keys(loginName: string, ip: string) {
    return { acct: `acct:${loginName.trim().toLowerCase()}`, ip: `ip:${ip}` };
  }

  /** Throws ACCOUNT_LOCKED (429) while the account or the IP is locked. */
  async assertOpen(loginName: string, ip: string): Promise<void> {
    const k = this.keys(loginName, ip);
    const rows = await this.db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [k.acct, k.ip]));
    const now = Date.now();
    const until = rows.map((r) => r.lockedUntil?.getTime() ?? 0).filter((t) => t > now);
    if (until.length) {
      throw new AppError(AUTH_ERRORS.ACCOUNT_LOCKED, undefined, {
        retryAfterS: Math.ceil((Math.max(...until) - now) / 1000),
      });
    }
  }

  /** Counts a failure against both keys; locks a key that reaches its limit. */
  async recordFailure(loginName: string, ip: string): Promise<void> {
    const k = this.keys(loginName, ip);
    await this.bump(k.acct, this.s.maxFailures);
    await this.bump(k.ip, this.s.ipMaxFailures);
  }

  /** A successful sign-in clears the account's count (the IP's count stays). */
  async recordSuccess(loginName: string, ip: string): Promise<void> {
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [this.keys(loginName, ip).acct]));
  }

  private async bump(key: string, max: number): Promise<void> {
    const lock = this.s.lockS;
    // One statement: restart the window when it is older than the lock period, then lock at max.
    await this.db.execute(sql`
      insert into login_failures (key, failures, window_start, locked_until)
      values (${key}, 1, now(), case when 1 >= ${max} then now() + make_interval(secs => ${lock}) else null end)
      on conflict (key) do update set
        failures = case when login_failures.window_start < now() - make_interval(secs => ${lock}) then 1 else login_failures.failures + 1 end,
        window_start = case when login_failures.window_start < now() - make_interval(secs => ${lock}) then now() else login_failures.window_start end,
        locked_until = case
          when (case when login_failures.window_start < now() - make_interval(secs => ${lock}) then 1 else login_failures.failures + 1 end) >= ${max}
          then now() + make_interval(secs => ${lock}) else login_failures.locked_until end`);
  }
}
