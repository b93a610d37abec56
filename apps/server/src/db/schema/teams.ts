import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TeamAdviceEntry } from '@tcm/contract';
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

/**
 * A team's conclusion configuration, one row per version (docs/member.md): the newest row is in
 * force; saves, resets and restores each add a row, so every earlier version stays restorable and
 * a record names the version it was made with (its synthesis advice.teamConfig, `teamId@vN`).
 */
export const teamAdviceVersions = pgTable(
  'team_advice_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    action: text('action', { enum: ['save', 'reset', 'restore'] }).notNull(),
    /** null: the default texts (a reset). */
    entries: jsonb('entries').$type<Record<string, TeamAdviceEntry>>(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_advice_version_uq').on(t.teamId, t.version)],
);
