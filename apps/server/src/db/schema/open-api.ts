import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, uuidId } from './columns.js';
import type { RecordPerson } from '@tcm/contract';
import { recordsTable } from './records.js';

/** Partners (spec §3 corporations) with their menu flags; docs/open-api.md. */
export const corporations = pgTable('corporation', {
  id: uuidId(),
  name: text('name').notNull().unique(),
  contact: text('contact'),
  menuApi: boolean('menu_api').notNull().default(false),
  menuH5: boolean('menu_h5').notNull().default(false),
  menuWx: boolean('menu_wx').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  /** H5 capture page branding (issue 25 item 3): shown name ('' = name), color, logo data URL. */
  h5BrandName: text('h5_brand_name').notNull().default(''),
  h5Color: text('h5_colour').notNull().default('#1677ff'),
  h5Logo: text('h5_logo'),
  /** Origins a return URL of the H5 page may point at (the open-redirect allow-list). */
  h5ReturnOrigins: jsonb('h5_return_origins').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * App keys. The secret is kept encrypted (AES-256-GCM, key outside the database), not hashed:
 * the server must recompute each request's HMAC, which needs the secret itself.
 */
export const openApiKeys = pgTable(
  'open_api_key',
  {
    id: uuidId(),
    corporationId: requiredRef('corporation_id', () => corporations.id, 'cascade'),
    appKey: text('app_key').notNull().unique(),
    secretEnc: text('secret_enc').notNull(),
    label: text('label'),
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    rateLimitPerMin: integer('rate_limit_per_min').notNull(),
    dailyQuota: integer('daily_quota').notNull(),
    createdAt: createdAt(),
    rotatedAt: moment('rotated_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('open_api_key_corporation_idx').on(t.corporationId)],
);

/** Nonces seen within the timestamp window: a second use of one is a replay (across processes). */
export const openApiNonces = pgTable(
  'open_api_nonce',
  {
    keyId: requiredRef('key_id', () => openApiKeys.id, 'cascade'),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('open_api_nonce_created_idx').on(t.createdAt)],
);

/**
 * Counters per key, bucket and window start: the rate limit (`rate`, per minute), the quota
 * (`analyses`, per UTC day) and the metering (`op:<operation>`, `errors`, per UTC day).
 * Incremented with one upsert, so the limits hold across server processes.
 */
export const openApiCounters = pgTable(
  'open_api_counter',
  {
    keyId: requiredRef('key_id', () => openApiKeys.id, 'cascade'),
    bucket: text('bucket').notNull(),
    windowStart: moment('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.bucket, t.windowStart] })],
);

/** One partner submission: the record it made, its idempotency key and its webhook delivery. */
export const openApiTasks = pgTable(
  'open_api_task',
  {
    id: uuidId(),
    keyId: requiredRef('key_id', () => openApiKeys.id, 'cascade'),
    corporationId: requiredRef('corporation_id', () => corporations.id, 'cascade'),
    /** Null only while the submission that claimed the idempotency key is still creating it. */
    recordId: uuid('record_id').references(() => recordsTable.id),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    webhookUrl: text('webhook_url'),
    webhookStatus: text('webhook_status', { enum: ['none', 'waiting', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('none'),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookError: text('webhook_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('open_api_task_idem_idx').on(t.keyId, t.idempotencyKey),
    index('open_api_task_webhook_idx').on(t.webhookStatus),
    index('open_api_task_record_idx').on(t.recordId),
  ],
);

/**
 * A one-use H5 capture link (issue 25 item 3). Only the SHA-256 of its 256-bit token is kept, so a
 * copy of the database opens no link. `usedAt` is set by the submission that takes it.
 */
export const h5Sessions = pgTable(
  'h5_session',
  {
    id: uuidId(),
    tokenHash: text('token_hash').notNull().unique(),
    keyId: requiredRef('key_id', () => openApiKeys.id, 'cascade'),
    corporationId: requiredRef('corporation_id', () => corporations.id, 'cascade'),
    returnUrl: text('return_url').notNull(),
    state: text('state').notNull().default(''),
    person: jsonb('person').$type<RecordPerson>().notNull(),
    lang: text('lang', { enum: ['zh', 'en'] }).notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    taskId: uuid('task_id').references(() => openApiTasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('h5_session_expires_idx').on(t.expiresAt)],
);
