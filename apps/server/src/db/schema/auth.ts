import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, uuidId } from './columns.js';
import { users } from './users.js';

/**
 * A sign-in session = one refresh-token family. Access tokens carry its id, so logout and
 * reuse detection revoke every token of the family at once.
 */
export const sessions = pgTable('sessions', {
  id: uuidId(),
  userId: requiredRef('user_id', () => users.id, 'cascade'),
  entrance: text('entrance').notNull(),
  createdAt: createdAt(),
  revokedAt: moment('revoked_at'),
  revokeReason: text('revoke_reason'),
});

/** Refresh tokens, stored as SHA-256 hashes; `usedAt` set once rotated. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: requiredRef('session_id', () => sessions.id, 'cascade'),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
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
  windowStart: moment('window_start').notNull().defaultNow(),
  lockedUntil: moment('locked_until'),
  /** Escalating delay: the next attempt of this key is refused before this time. */
  nextAt: moment('next_at'),
});

/**
 * Captcha challenges (jigsaw, drag): the answer stays on the server; single use, expiring.
 * For a drag challenge `answerX` is the slider width the track must reach.
 */
export const captchas = pgTable('captchas', {
  id: uuidId(),
  kind: text('kind').notNull().default('jigsaw'),
  answerX: integer('answer_x').notNull(),
  /** Issue time: an answer sooner than a person could drag is refused. */
  createdAt: createdAt(),
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
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
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    entrance: text('entrance').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    /** 0 on success, else the error code the attempt was answered with. */
    code: integer('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.createdAt)],
);
