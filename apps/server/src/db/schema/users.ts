import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, uuidId } from './columns.js';
import { organizations } from './organizations.js';

/** Teams of the member area; a leader and members belong to one team. */
export const teams = pgTable('teams', {
  id: uuidId(),
  name: text('name').notNull(),
  /** The organization the team belongs to (docs/console.md "Organizations"); null: none yet. */
  organizationId: uuid('organization_id').references(() => organizations.id),
  createdAt: createdAt(),
});

/**
 * Every principal of every entrance (spec §6) in one table: the entrance decides which area
 * it signs into; member and doctor columns are null for the others.
 */
export const users = pgTable(
  'users',
  {
    id: uuidId(),
    entrance: text('entrance', { enum: ['sys', 'member', 'doctor', 'display', 'disease', 'training'] }).notNull(),
    loginName: text('login_name').notNull().unique(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    headImage: text('head_image'),
    themeColorHex: text('theme_color_hex'),
    /** 1 = active, 0 = disabled. */
    status: integer('status').notNull().default(1),
    teamId: uuid('team_id').references(() => teams.id),
    teamLeader: boolean('team_leader').notNull().default(false),
    canConfigTreatPlan: boolean('can_config_treat_plan').notNull().default(false),
    displayPermission: boolean('display_permission').notNull().default(false),
    canDoctorAgent: boolean('can_doctor_agent').notNull().default(false),
    doctorKind: text('doctor_kind', { enum: ['doctor', 'researcher'] }),
    /**
     * Free text from before organizations existed (doctors still type their hospital here). An
     * assignment to an organization writes its name here too, so every reader of this column
     * keeps working; the organization id is what data scope reads.
     */
    organisation: text('organisation'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    title: text('title'),
    wechatOpenId: text('wechat_open_id').unique(),
    wechatUnionId: text('wechat_union_id'),
    /** Set by an administrator's password reset: every call but the change itself is refused until changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Doctor registrations (docs/console.md "Doctors"): `pending` until a back-office user decides;
     * sign-in refuses pending and rejected doctors. Every other account, and every doctor that
     * existed before approvals, is `approved`.
     */
    approval: text('approval', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    approvalReason: text('approval_reason'),
    /** Who decided and when (also in the audit log); no foreign key: the decision outlives the reviewer. */
    approvalBy: uuid('approval_by'),
    approvalAt: moment('approval_at'),
    createdAt: createdAt(),
  },
  (t) => [index('users_team_idx').on(t.teamId), index('users_organization_idx').on(t.organizationId)],
);

/** Roles grant menus and button codes; `admin` is derived from holding the admin role. */
export const roles = pgTable('roles', {
  id: uuidId(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** A role marked all-access grants every menu and button (the administrator). */
  allAccess: boolean('all_access').notNull().default(false),
  /**
   * Which accounts the role's holders administer (docs/console.md): all, own organization and
   * the ones below it, own organization only, self.
   */
  dataScope: text('data_scope', { enum: ['all', 'organizationTree', 'organisation', 'self'] })
    .notNull()
    .default('all'),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
