import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, uuidId } from './columns.js';
import type { TeamAdviceEntry } from '@tcm/contract';
import { sql } from 'drizzle-orm';
import { teams, users } from './users.js';

/** Invitation codes of a team (docs/member.md): valid until expiry or revocation. */
export const teamInvitations = pgTable(
  'team_invitation',
  {
    id: uuidId(),
    teamId: requiredRef('team_id', () => teams.id, 'cascade'),
    code: text('code').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('team_invitation_team_idx').on(t.teamId)],
);

/** Join applications: pending until a leader approves or rejects (with a reason). */
export const teamApplications = pgTable(
  'team_application',
  {
    id: uuidId(),
    teamId: requiredRef('team_id', () => teams.id, 'cascade'),
    applicantId: requiredRef('applicant_id', () => users.id, 'cascade'),
    invitationId: uuid('invitation_id').references(() => teamInvitations.id, { onDelete: 'set null' }),
    message: text('message'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
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
    id: uuidId(),
    teamId: requiredRef('team_id', () => teams.id, 'cascade'),
    version: integer('version').notNull(),
    action: text('action', { enum: ['save', 'reset', 'restore'] }).notNull(),
    /** null: the default texts (a reset). */
    entries: jsonb('entries').$type<Record<string, TeamAdviceEntry>>(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_advice_version_uq').on(t.teamId, t.version)],
);
