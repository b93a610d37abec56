import organizationsErrors from './errors/organizations.json' with { type: 'json' };
import { z } from 'zod';
import { rowTimes } from './row-times.js';
import { defineErrors } from './errors.js';
import { SYS_VERSION } from './paths.js';

/**
 * The back-office's organizations (issue 33 item 3; docs/console.md "Organizations"): a tree
 * that accounts and teams are assigned to, and that the data scopes `organisation` (that
 * organization only) and `organizationTree` (it and every one below it) read.
 */
const ORG = `/backend/sys/${SYS_VERSION}/organization`;

export const ORGANIZATION_PATHS = {
  tree: `${ORG}/tree`,
  add: `${ORG}/add`,
  edit: `${ORG}/edit`,
  remove: (id: string) => `${ORG}/remove/${id}`,
  assign: `${ORG}/assign`,
} as const;

export const ORGANIZATION_BUTTONS = {
  add: 'sysOrg-add',
  edit: 'sysOrg-edit',
  remove: 'sysOrg-remove',
  assign: 'sysOrg-assign',
} as const;

const flag = z.union([z.literal(0), z.literal(1)]);

export interface OrganizationNode {
  id: string;
  parentId: string | null;
  name: string;
  code: string;
  sort: number;
  status: 0 | 1;
  /** Accounts and teams assigned to this organization itself (not to the ones below). */
  userCount: number;
  teamCount: number;
  createdAt: string;
  updatedAt: string;
  children: OrganizationNode[];
}
export const organizationNode: z.ZodType<OrganizationNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    code: z.string(),
    sort: z.number().int(),
    status: flag,
    userCount: z.number().int(),
    teamCount: z.number().int(),
    ...rowTimes,
    children: z.array(organizationNode),
  }),
);
export const organizationTree = z.array(organizationNode);

const name = z.string().trim().min(1).max(100);
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');
const sort = z.coerce.number().int().min(0).max(99999);

export const organizationAddBody = z.object({
  /** Null or absent: a root organization (only a caller whose data scope is all may add one). */
  parentId: z.string().uuid().nullable().optional(),
  name,
  code,
  sort: sort.default(0),
  status: flag.default(1),
});
export type OrganizationAddBody = z.infer<typeof organizationAddBody>;

export const organizationEditBody = z.object({
  id: z.string().uuid(),
  parentId: z.string().uuid().nullable().optional(),
  name: name.optional(),
  code: code.optional(),
  sort: sort.optional(),
  status: flag.optional(),
});
export type OrganizationEditBody = z.infer<typeof organizationEditBody>;

/** Puts accounts and/or teams into an organization; a null organization takes them out of any. */
export const organizationAssignBody = z
  .object({
    organizationId: z.string().uuid().nullable(),
    userIds: z.array(z.string().uuid()).max(500).default([]),
    teamIds: z.array(z.string().uuid()).max(500).default([]),
  })
  .refine((b) => b.userIds.length + b.teamIds.length > 0, { message: 'userIds or teamIds', path: ['userIds'] });
export type OrganizationAssignBody = z.infer<typeof organizationAssignBody>;
export const organizationAssignResult = z.object({ users: z.number().int(), teams: z.number().int() });

export const ORGANIZATION_ERRORS = defineErrors(organizationsErrors);
