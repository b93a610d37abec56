import passwordErrors from './errors/password.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Password policy and change-password errors (issue 24 item 8). Kept apart from AUTH_ERRORS so
 * that the sign-in work appending 11005xx codes there never conflicts with these 11006xx codes.
 */
export const PASSWORD_ERRORS = defineErrors(passwordErrors);

/** Length limits in characters (code points). 128 bounds the argon2 work per attempt. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Login names at least this long may not appear inside the password; shorter ones may not equal it. */
export const LOGIN_NAME_MIN_CONTAINED = 3;

/** A policy rule a password can break, in the order they are checked. */
export type PasswordRule = 'TOO_SHORT' | 'TOO_LONG' | 'ONE_CHARACTER' | 'CONTAINS_LOGIN_NAME' | 'COMMON';

/**
 * The rules both the server and the web app check (the common-password list is the server's:
 * 10,000 entries are not shipped to browsers). Returns the first broken rule, or null.
 */
export function passwordRuleBroken(password: string, loginName: string): Exclude<PasswordRule, 'COMMON'> | null {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (chars.length > PASSWORD_MAX_LENGTH) return 'TOO_LONG';
  if (chars.every((c) => c === chars[0])) return 'ONE_CHARACTER';
  const name = loginName.trim().toLowerCase();
  const lower = password.toLowerCase();
  if (name && (name.length >= LOGIN_NAME_MIN_CONTAINED ? lower.includes(name) : lower === name))
    return 'CONTAINS_LOGIN_NAME';
  return null;
}

// Generous bounds: the policy, not the schema, names the length rule that was broken.
const anyPassword = z.string().min(1).max(1024);

/** JSON body of POST /backend/auth/user/common/changePassword (Bearer, any entrance). */
export const changePasswordBody = z.object({ oldPassword: anyPassword, newPassword: anyPassword });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** JSON body of POST /backend/sys/user/resetPassword (back-office administrator): one target. */
export const resetPasswordBody = z.object({
  userId: z.string().uuid().optional(),
  loginName: z.string().trim().min(1).max(200).optional(),
  newPassword: anyPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Button code that grants the admin reset to a back-office user without the all-access role. */
export const RESET_PASSWORD_BUTTON = 'sysUser-resetPassword';

export const PASSWORD_PATHS = {
  changePassword: '/backend/auth/user/common/changePassword',
  resetPassword: '/backend/sys/user/resetPassword',
} as const;
