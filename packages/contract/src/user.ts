import { z } from 'zod';
import { entranceSchema, jigsawAnswer } from './auth.js';

export { DEFAULT_THEME_COLOR } from './theme.js';

const flag = z.union([z.literal(0), z.literal(1)]);

/** An account as lists name it: its id, login name and name. */
export const accountName = { id: z.string(), loginName: z.string(), name: z.string() };

/** Who an account is, as the user's own info and the console's account list both show it. */
export const accountFields = {
  ...accountName,
  entrance: entranceSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
};

/** Fields every user-info call returns (spec §3 "User info"). */
export const userInfoBase = z.object({
  ...accountFields,
  headImage: z.string().nullable(),
  themeColorHex: z.string(),
  roles: z.array(z.string()),
  /** Button codes the server lets this user use (spec §3 button entry, §6). */
  buttons: z.array(z.string()),
  /** True after an administrator's reset: the client must ask for a new password (1100611 until then). */
  mustChangePassword: z.boolean(),
});
export type UserInfoBase = z.infer<typeof userInfoBase>;

export const sysUserInfo = userInfoBase;

/** A member's permissions in the team (spec §3 "Member info"; 1 = yes), as the member and the console read them. */
export const memberFlags = {
  teamLeader: flag,
  canConfigTreatPlan: flag,
  displayPermission: flag,
  canDoctorAgent: flag,
};

/** GET /backend/member/user/display/getMemberInfo (spec §3 "Member info"; 1 = yes). */
export const memberInfo = userInfoBase.extend({
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  ...memberFlags,
  /**
   * Member-area paths this member may open (docs/member.md "Menus"): the server decides, the web
   * app builds its member routes and menu from it. Absent from older servers.
   */
  pages: z.array(z.string()).optional(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const doctorKind = z.enum(['doctor', 'researcher']);
export const doctorInfo = userInfoBase.extend({
  kind: doctorKind,
  organisation: z.string().nullable(),
  title: z.string().nullable(),
});
export type DoctorInfo = z.infer<typeof doctorInfo>;

/** Email pattern of spec §5: the domain needs a suffix of two or more letters. */
export const emailSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'must be an email address');
/** Mainland mobile or landline number (spec §5 cooperation form rule, reused for users). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, 'must be a mobile or landline number');

/** Step 1 of /doctor/register: checked for duplicates before the account is created. */
export const doctorRegisterCheckBody = z.object({
  loginName: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
  email: emailSchema,
  phone: phoneSchema,
});
/** The account a registration asks for (final step, less its captcha). */
export const doctorAccountBody = doctorRegisterCheckBody.extend({
  loginPassword: z.string().min(8).max(200),
  name: z.string().trim().min(1).max(200),
  kind: doctorKind.default('doctor'),
  organisation: z.string().trim().max(200).optional(),
  title: z.string().trim().max(200).optional(),
});
export type DoctorAccountBody = z.infer<typeof doctorAccountBody>;
/**
 * Final step of /doctor/register: the account and a solved jigsaw (challenge, offset, proof of
 * work). Only this step says whether the name, email or phone is taken (issue 35 item 8).
 */
export const doctorRegisterBody = doctorAccountBody.extend(jigsawAnswer);
export type DoctorRegisterBody = z.infer<typeof doctorRegisterBody>;

/** One member of a team as the leader's member list shows it. */
export const teamMember = z.object({
  ...accountName,
  teamLeader: flag,
});
