import memberAccountsErrors from './errors/member-accounts.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { jigsawAnswer } from './auth.js';
import { doctorRegisterCheckBody, emailSchema, phoneSchema } from './user.js';

/**
 * Member accounts without WeChat (issue 33 items 1 and 5, docs/member.md "Accounts"):
 * self-registration, the administrator's creation and Excel import, a leader's password reset,
 * and unsubscribing from the messages the platform sends. Range 14500xx.
 */
export const MEMBER_ACCOUNT_ERRORS = defineErrors(memberAccountsErrors);

export const MEMBER_ACCOUNT_PATHS = {
  /** POST, client header: a member creates their own account (solved jigsaw). */
  register: '/backend/member/auth/register',
  /** POST (leader): a new password for a plain member of the team. */
  resetPassword: (userId: string) => `/backend/member/team/members/${userId}/resetPassword`,
  /** POST (sysUser-add): the administrator creates one member. */
  consoleAdd: '/backend/sys/v1/member/add',
  /** GET (sysUser-add): the Excel template of the import. */
  importTemplate: '/backend/sys/v1/member/import/template',
  /** POST (sysUser-add), multipart `file`: every row or none. */
  import: '/backend/sys/v1/member/import',
  /** GET ?token= shows what the link stops; POST {token} stops it. No account needed. */
  unsubscribe: '/backend/unsubscribe',
} as const;

const loginName = doctorRegisterCheckBody.shape.loginName;
const personName = z.string().trim().min(1).max(200);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalPhone = z.preprocess(blankToUndefined, phoneSchema.optional());

/** A member's own registration: the account, an optional invitation code, and a solved jigsaw. */
export const memberRegisterBody = z.object({
  loginName,
  loginPassword: z.string().min(8).max(200),
  name: personName,
  phone: optionalPhone,
  inviteCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{10}$/)
      .optional(),
  ),
  ...jigsawAnswer,
});
export type MemberRegisterBody = z.infer<typeof memberRegisterBody>;

export const memberRegisterResult = z.object({
  id: z.string(),
  /** The pending application the invitation code made, or null without a code. */
  applicationId: z.string().nullable(),
});

/** One member the administrator creates; the first password must be changed at sign-in. */
export const consoleMemberAddBody = z.object({
  loginName,
  name: personName,
  phone: optionalPhone,
  email: z.preprocess(blankToUndefined, emailSchema.optional()),
  organisation: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  password: z.string().min(1).max(1024),
});
export type ConsoleMemberAddBody = z.infer<typeof consoleMemberAddBody>;

/** One refused row of an import: its line in the sheet (the header is line 1) and why. */
export const importRowError = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;
export const memberImportResult = z.object({ imported: z.number().int() });

/** The columns of the import template, in order (the file is read by position). */
export const MEMBER_IMPORT_COLUMNS = ['loginName', 'name', 'phone', 'email', 'organisation', 'password'] as const;
export type MemberImportColumn = (typeof MEMBER_IMPORT_COLUMNS)[number];
export const MEMBER_IMPORT_HEADERS: Record<MemberImportColumn, { zh: string; en: string }> = {
  loginName: { zh: '登录名*', en: 'Login name*' },
  name: { zh: '姓名*', en: 'Name*' },
  phone: { zh: '手机号', en: 'Phone' },
  email: { zh: '邮箱', en: 'Email' },
  organisation: { zh: '机构', en: 'Organisation' },
  password: { zh: '初始密码*', en: 'First password*' },
};
/** At most this many members per file (each password costs one argon2 hash). */
export const MEMBER_IMPORT_MAX_ROWS = 500;

/** Why a row of an import is refused, in the reader's language. */
export const IMPORT_ROW_REASONS = {
  loginName: { zh: '登录名须为 3–64 位字母、数字或 _ . -', en: 'Login name: 3–64 letters, digits or _ . -' },
  name: { zh: '姓名不能为空（最多 200 字）', en: 'Name is required (at most 200 characters)' },
  phone: { zh: '手机号格式不正确', en: 'The phone number is not valid' },
  email: { zh: '邮箱格式不正确', en: 'The email address is not valid' },
  organisation: { zh: '机构最多 200 字', en: 'Organisation: at most 200 characters' },
  otherOrganisation: {
    zh: '只能导入到您所在的机构',
    en: 'You can only import members into your own organisation',
  },
  password: { zh: '初始密码不能为空', en: 'The first password is required' },
  loginNameTwice: { zh: '登录名与第 {line} 行重复', en: 'Same login name as line {line}' },
  phoneTwice: { zh: '手机号与第 {line} 行重复', en: 'Same phone number as line {line}' },
  emailTwice: { zh: '邮箱与第 {line} 行重复', en: 'Same email address as line {line}' },
  loginNameTaken: { zh: '登录名已存在', en: 'This login name is taken' },
  phoneTaken: { zh: '手机号已存在', en: 'This phone number is taken' },
  emailTaken: { zh: '邮箱已存在', en: 'This email address is taken' },
} as const;
export type ImportRowReason = keyof typeof IMPORT_ROW_REASONS;

/** A leader sets a new password for a plain member of the team (must be changed at sign-in). */
export const teamResetPasswordBody = z.object({ newPassword: z.string().min(1).max(1024) });

/** The messages a person can stop; each names what it is in the reader's language. */
export const MESSAGE_KINDS = ['report-ready'] as const;
export const messageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKind>;
export const MESSAGE_KIND_LABELS: Record<MessageKind, { zh: string; en: string }> = {
  'report-ready': { zh: '微信“报告已生成”通知', en: 'WeChat "report ready" notices' },
};

export const unsubscribeQuery = z.object({ token: z.string().min(10).max(400) });
export const unsubscribeBody = unsubscribeQuery;
/** What a link stops: the kind, the person's name with all but its first letter hidden, and whether it is stopped. */
export const unsubscribeState = z.object({ kind: messageKind, name: z.string(), stopped: z.boolean() });
export type UnsubscribeState = z.infer<typeof unsubscribeState>;
