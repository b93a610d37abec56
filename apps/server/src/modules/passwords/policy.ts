import { PASSWORD_ERRORS, passwordRuleBroken, type ErrorDef, type PasswordRule } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import common from './common-passwords.json' with { type: 'json' };

// Lower-cased at generation time; compared lower-cased so "Password1" counts as "password1".
const COMMON = new Set<string>(common.passwords);

/** The first policy rule `password` breaks for the account `loginName`, or null (docs/security.md §8). */
export function passwordProblem(password: string, loginName: string): PasswordRule | null {
  const broken = passwordRuleBroken(password, loginName);
  if (broken) return broken;
  return COMMON.has(password.toLowerCase()) ? 'COMMON' : null;
}

/** The error of a broken rule, whose zh/en message names the rule. */
export const passwordError = (rule: PasswordRule): ErrorDef => PASSWORD_ERRORS[rule];

/** Throws 400 with the broken rule's code (11006xx) unless `password` passes the policy. */
export function assertPasswordAllowed(password: string, loginName: string): void {
  const rule = passwordProblem(password, loginName);
  if (rule) throw new AppError(passwordError(rule));
}
