import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A sign-in session = one refresh-token family. Access tokens carry its id, so logout and
 * reuse detection revoke every token of the family at once.
 */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  entrance: text('entrance').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: text('revoke_reason'),
});

/** Refresh tokens, stored as SHA-256 hashes; `usedAt` set once rotated. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Attempt counters (docs/auth.md): sign-in attempts per account (`acct:<name>`), per account and
 * address (`pair:<addr>|<name>`) and per address (`ip:<addr>`), and registration calls per
 * address (`reg-register:<addr>`, `reg-check:<addr>`). A sign-in attempt is counted before the
 * password is checked and given back on success.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Escalating delay: the next attempt of this key is refused before this time. */
  nextAt: timestamp('next_at', { withTimezone: true }),
});

/**
 * Captcha challenges (jigsaw, drag): the answer stays on the server; single use, expiring.
 * For a drag challenge `answerX` is the slider width the track must reach.
 */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull().default('jigsaw'),
  answerX: integer('answer_x').notNull(),
  /** Issue time: an answer sooner than a person could drag is refused. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Sign-in history (console "sign-in history"): one row per password sign-in attempt on an
 * existing account, right or wrong. Attempts on unknown names are not kept: a password typed
 * into the name field must not end up in a table administrators read.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entrance: text('entrance').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    /** 0 on success, else the error code the attempt was answered with. */
    code: integer('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.createdAt)],
);
