import { describe, expect, it } from 'vitest';
import { PASSWORD_ERRORS, passwordRuleBroken } from './password.js';

describe('password rules shared by the server and the web app', () => {
  it('names the first broken rule', () => {
    expect(passwordRuleBroken('Sh0rt!', 'anna')).toBe('TOO_SHORT');
    // Characters, not UTF-16 units: eight Chinese characters are long enough.
    expect(passwordRuleBroken('望闻问切四诊合参', 'anna')).toBeNull();
    expect(passwordRuleBroken('a'.repeat(129), 'anna')).toBe('TOO_LONG');
    expect(passwordRuleBroken('77777777', 'anna')).toBe('ONE_CHARACTER');
    expect(passwordRuleBroken('my-ANNA-2026', 'anna')).toBe('CONTAINS_LOGIN_NAME');
    // A two-letter login name is only refused as the whole password.
    expect(passwordRuleBroken('li-garden-path', 'li')).toBeNull();
    expect(passwordRuleBroken('Lantern-river-47', 'anna')).toBeNull();
  });

  it('has a zh and an en message for every rule', () => {
    for (const rule of ['TOO_SHORT', 'TOO_LONG', 'ONE_CHARACTER', 'CONTAINS_LOGIN_NAME', 'COMMON'] as const)
      expect(PASSWORD_ERRORS[rule].status, rule).toBe(400);
  });
});
