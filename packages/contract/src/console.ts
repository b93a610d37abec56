import consoleErrors from './errors/console.json' with { type: 'json' };
import { z } from 'zod';
import { adminPaging, adminSearchBody, pageOf } from './paging.js';
import { entranceSchema } from './auth.js';
import { defineErrors } from './errors.js';
import { SYS_VERSION } from './paths.js';
import { sortOrder, type QueryFieldType } from './query.js';
import { accountFields, accountName, emailSchema, memberFlags, phoneSchema } from './user.js';

/**
 * Back-office administration of accounts and roles (issue 22 item 1; docs/console.md).
 * Paths follow the admin-menu calls: /backend/sys/v1/<thing>/<verb>.
 */
const USER = `/backend/sys/${SYS_VERSION}/user`;
const ROLE = `/backend/sys/${SYS_VERSION}/role`;
const TEAM = `/backend/sys/${SYS_VERSION}/team`;
export const CONSOLE_PATHS = {
  userList: `${USER}/list`,
  userAdd: `${USER}/add`,
  userEdit: `${USER}/edit`,
  userStatus: `${USER}/updateStatus`,
  userRoles: `${USER}/assignRoles`,
  userHistory: (id: string) => `${USER}/signInHistory/${id}`,
  roleList: `${ROLE}/list`,
  roleAdd: `${ROLE}/add`,
  roleEdit: `${ROLE}/edit`,
  roleRemove: (id: string) => `${ROLE}/remove/${id}`,
  teamList: `${TEAM}/list`,
  teamAdd: `${TEAM}/add`,
  teamMembers: (id: string) => `${TEAM}/members/${id}`,
  teamLeader: `${TEAM}/appointLeader`,
  memberFlags: `${TEAM}/memberFlags`,
} as const;

/** Button codes the server enforces on these calls (the reset is `sysUser-resetPassword`, password.ts). */
export const CONSOLE_BUTTONS = {
  userAdd: 'sysUser-add',
  userEdit: 'sysUser-edit',
  userStatus: 'sysUser-status',
  userRoles: 'sysUser-roles',
  userHistory: 'sysUser-history',
  roleAdd: 'sysRole-add',
  roleEdit: 'sysRole-edit',
  roleRemove: 'sysRole-remove',
  teamAdd: 'sysTeam-add',
  teamLeader: 'sysTeam-leader',
  memberFlags: 'sysTeam-flags',
} as const;

/**
 * Data scope of a role: which accounts its holders administer, widest first. `organizationTree` =
 * accounts (and teams) of the caller's organization and every organization below it;
 * `organisation` = of the caller's organization only (the stored value predates the American
 * spelling); `self` = only the caller's own account. The widest scope a user holds wins.
 */
export const DATA_SCOPES = ['all', 'organizationTree', 'organisation', 'self'] as const;
export const dataScope = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof dataScope>;

/** Entrances whose accounts the console creates; members and doctors come through their own flows. */
export const CONSOLE_CREATABLE_ENTRANCES = ['sys', 'display', 'disease', 'training'] as const;

const loginName = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');
const optText = z.string().trim().max(200).nullable().optional();
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const consoleUser = z.object({
  ...accountFields,
  organisation: z.string().nullable(),
  /** The organization assigned (docs/console.md "Organizations"); `organisation` then holds its name. */
  organizationId: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  mustChangePassword: z.boolean(),
  roles: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  createdAt: z.string(),
});
export type ConsoleUser = z.infer<typeof consoleUser>;
export const consoleUserPage = pageOf(consoleUser);
export type ConsoleUserPage = z.infer<typeof consoleUserPage>;

/** Columns the account list sorts by (issue 33: sortable columns); the login name breaks ties. */
export const CONSOLE_USER_SORTS = ['createdAt', 'loginName', 'name', 'entrance', 'organisation', 'status'] as const;
export type ConsoleUserSort = (typeof CONSOLE_USER_SORTS)[number];
export const consoleUserListQuery = z.object({
  ...adminPaging,
  order: sortOrder,
  sort: z.enum(CONSOLE_USER_SORTS).default('createdAt'),
});
/** Body of user/list: entrance (default every one), a search term and/or a combined query. */
export const consoleUserListBody = adminSearchBody.extend({ entrance: entranceSchema.optional() }).default({});
export type ConsoleUserListBody = z.infer<typeof consoleUserListBody>;

/** Fields the combined query and search may use on accounts (the server's whitelist reads the same). */
export const CONSOLE_USER_QUERY_FIELDS = {
  loginName: 'string',
  name: 'string',
  email: 'string',
  phone: 'string',
  organisation: 'string',
  status: 'integer',
  createdAt: 'date',
} as const satisfies Record<string, QueryFieldType>;

export const consoleUserAddBody = z.object({
  entrance: z.enum(CONSOLE_CREATABLE_ENTRANCES).default('sys'),
  loginName,
  name: z.string().trim().min(1).max(200),
  email: z.preprocess(blankToNull, emailSchema.nullable().optional()),
  phone: z.preprocess(blankToNull, phoneSchema.nullable().optional()),
  organisation: optText,
  /** An organization of the tree; wins over the free text `organisation` and writes its name there. */
  organizationId: z.string().uuid().nullable().optional(),
  /** The first password; the user must change it at the first sign-in. */
  password: z.string().min(1).max(1024),
  roleIds: z.array(z.string().uuid()).max(50).default([]),
});
export type ConsoleUserAddBody = z.infer<typeof consoleUserAddBody>;

export const consoleUserEditBody = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(200).optional(),
  email: z.preprocess(blankToNull, emailSchema.nullable().optional()),
  phone: z.preprocess(blankToNull, phoneSchema.nullable().optional()),
  organisation: optText,
  organizationId: z.string().uuid().nullable().optional(),
});
export type ConsoleUserEditBody = z.infer<typeof consoleUserEditBody>;

/** Form or JSON body of user/updateStatus (1 = enabled, 0 = disabled), like menu/updateStatus. */
export const consoleUserStatusBody = z.object({
  id: z.string().uuid(),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
});
export const consoleUserRolesBody = z.object({
  userId: z.string().uuid(),
  roleIds: z.array(z.string().uuid()).max(50),
});
export const consoleIdParams = z.object({ id: z.string().uuid() });

export const signInEvent = z.object({
  id: z.number().int(),
  entrance: z.string(),
  ip: z.string(),
  success: z.boolean(),
  code: z.number().int(),
  createdAt: z.string(),
});
export const signInHistoryPage = pageOf(signInEvent);
export type SignInHistoryPage = z.infer<typeof signInHistoryPage>;

export const consoleRole = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  allAccess: z.boolean(),
  dataScope,
  /** Granted menu ids: heads, pages and buttons (ancestors of a granted entry included). */
  menuIds: z.array(z.number().int()),
  userCount: z.number().int(),
});
export type ConsoleRole = z.infer<typeof consoleRole>;

const menuIds = z.array(z.number().int().min(1)).max(5000);
export const consoleRoleAddBody = z.object({
  code: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().trim().min(1).max(200),
  dataScope: dataScope.default('self'),
  menuIds: menuIds.default([]),
});
export type ConsoleRoleAddBody = z.infer<typeof consoleRoleAddBody>;
export const consoleRoleEditBody = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(200).optional(),
  dataScope: dataScope.optional(),
  menuIds: menuIds.optional(),
});
export type ConsoleRoleEditBody = z.infer<typeof consoleRoleEditBody>;

const flag = z.union([z.literal(0), z.literal(1)]);
/** A team across the platform (issue 22 item 1: members and teams). */
export const consoleTeam = z.object({
  id: z.string(),
  name: z.string(),
  leader: z.object(accountName).nullable(),
  memberCount: z.number().int(),
  organizationId: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleTeam = z.infer<typeof consoleTeam>;
/** A member of a team with the flags of spec §3 "Member info" (1 = yes). */
export const consoleTeamMember = z.object({
  ...accountName,
  status: flag,
  ...memberFlags,
});
export type ConsoleTeamMember = z.infer<typeof consoleTeamMember>;
export const consoleTeamAddBody = z.object({ name: z.string().trim().min(1).max(200) });
export const consoleTeamLeaderBody = z.object({ teamId: z.string().uuid(), userId: z.string().uuid() });
/** Flags to change; absent ones stay. canConfigTreatPlan has an effect only for a leader (spec §6). */
export const consoleMemberFlagsBody = z.object({
  userId: z.string().uuid(),
  canConfigTreatPlan: flag.optional(),
  displayPermission: flag.optional(),
  canDoctorAgent: flag.optional(),
});
export type ConsoleMemberFlagsBody = z.infer<typeof consoleMemberFlagsBody>;

/** Account and role administration errors (1400xxx, permissions range). */
export const CONSOLE_ERRORS = defineErrors(consoleErrors);
