import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { teams, users } from './users.js';

/** Invitation codes of a team (docs/member.md): valid until expiry or revocation. */
export const teamInvitations = pgTable(
  'team_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_invitation_team_idx').on(t.teamId)],
);

/** Join applications: pending until a leader approves or rejects (with a reason). */
export const teamApplications = pgTable(
  'team_application',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => teamInvitations.id, { onDelete: 'set null' }),
    message: text('message'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_application_team_idx').on(t.teamId, t.status),
    index('team_application_applicant_idx').on(t.applicantId),
    // One waiting application per person and team: a second apply is refused, not duplicated.
    uniqueIndex('team_application_pending_uq')
      .on(t.teamId, t.applicantId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
