import type { LoginGuardSettings } from './login-guard.service.js';

/** One attempt counter as stored in `login_failures`. */
export interface Counter {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
  nextAt: Date | null;
}

export type Refusal = { kind: 'locked' | 'delayed'; until: Date } | { kind: 'captcha' };
export type Verdict = Refusal | { kind: 'allowed'; next: Record<'acct' | 'pair' | 'ip', Counter> };

type Rules = Omit<LoginGuardSettings, 'captchaEntrances'> & { captchaSolved: boolean; now: Date };

const after = (d: Date | null, now: Date) => d !== null && d.getTime() > now.getTime();

/** A counter whose window has run out (and is not locked) starts again from zero. */
function current(c: Counter, r: Rules): Counter {
  const expired = c.windowStart.getTime() + r.lockS * 1000 <= r.now.getTime();
  return expired && !after(c.lockedUntil, r.now)
    ? { failures: 0, windowStart: r.now, lockedUntil: null, nextAt: null }
    : c;
}

/** Wait before the next attempt once `n` attempts of one account from one address are counted. */
export function delayS(n: number, r: Pick<Rules, 'freeAttempts' | 'delayBaseS' | 'delayMaxS'>): number {
  if (n < r.freeAttempts || r.delayBaseS === 0) return 0;
  return Math.min(r.delayBaseS * 2 ** (n - r.freeAttempts), r.delayMaxS);
}

/**
 * Decides one sign-in attempt from the three counters (account, account+address, address) and,
 * when it may go ahead, returns the counters with this attempt already counted as a failure.
 * Order: a locked address or pair, then an escalating delay of the pair, then the account's
 * captcha requirement. The account itself is never locked, so a stranger's guesses from
 * elsewhere can cost the owner at most a captcha.
 */
export function judgeAttempt(c: Record<'acct' | 'pair' | 'ip', Counter>, r: Rules): Verdict {
  const acct = current(c.acct, r);
  const pair = current(c.pair, r);
  const ip = current(c.ip, r);
  if (after(ip.lockedUntil, r.now)) return { kind: 'locked', until: ip.lockedUntil! };
  if (after(pair.lockedUntil, r.now)) return { kind: 'locked', until: pair.lockedUntil! };
  if (after(pair.nextAt, r.now)) return { kind: 'delayed', until: pair.nextAt! };
  if (acct.failures >= r.captchaAfter && !r.captchaSolved) return { kind: 'captcha' };
  const lockAt = (n: number, max: number) => (n >= max ? new Date(r.now.getTime() + r.lockS * 1000) : null);
  const pairN = pair.failures + 1;
  const ipN = ip.failures + 1;
  return {
    kind: 'allowed',
    next: {
      acct: { ...acct, failures: acct.failures + 1 },
      pair: {
        ...pair,
        failures: pairN,
        lockedUntil: lockAt(pairN, r.maxFailures),
        nextAt: new Date(r.now.getTime() + delayS(pairN, r) * 1000),
      },
      ip: { ...ip, failures: ipN, lockedUntil: lockAt(ipN, r.ipMaxFailures) },
    },
  };
}
