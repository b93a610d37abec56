import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Password policy and change-password errors (issue 24 item 8). Kept apart from AUTH_ERRORS so
 * that the sign-in work appending 11005xx codes there never conflicts with these 11006xx codes.
 */
export const PASSWORD_ERRORS = defineErrors({
  OLD_PASSWORD_WRONG: { code: 1100601, status: 400, zh: '原密码不正确', en: 'The current password is wrong' },
  TOO_SHORT: {
    code: 1100602,
    status: 400,
    zh: '密码至少需要 8 个字符',
    en: 'The password must have at least 8 characters',
  },
  TOO_LONG: {
    code: 1100603,
    status: 400,
    zh: '密码最多 128 个字符',
    en: 'The password may have at most 128 characters',
  },
  COMMON: {
    code: 1100604,
    status: 400,
    zh: '该密码过于常见,请换一个',
    en: 'This password is too common, please choose another',
  },
  CONTAINS_LOGIN_NAME: {
    code: 1100605,
    status: 400,
    zh: '密码不能包含登录名',
    en: 'The password must not contain the login name',
  },
  ONE_CHARACTER: {
    code: 1100606,
    status: 400,
    zh: '密码不能由同一个字符组成',
    en: 'The password must not repeat a single character',
  },
  UNCHANGED: {
    code: 1100607,
    status: 400,
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the current one',
  },
  USER_NOT_FOUND: { code: 1100608, status: 404, zh: '用户不存在', en: 'No such user' },
  NO_PASSWORD: {
    code: 1100609,
    status: 400,
    zh: '该账号没有密码(微信登录),请联系管理员设置',
    en: 'This account has no password (WeChat sign-in); ask an administrator to set one',
  },
  CHANGE_REQUIRED: {
    code: 1100611,
    status: 403,
    zh: '管理员已重置您的密码,请先修改密码',
    en: 'An administrator reset your password; change it before you go on',
  },
  TARGET_REQUIRED: {
    code: 1100610,
    status: 400,
    zh: '请指定用户 ID 或登录名(二选一)',
    en: 'Give either the user id or the login name',
  },
});

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
