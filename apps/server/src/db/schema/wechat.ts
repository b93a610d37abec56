import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, uuidId } from './columns.js';
import { users } from './users.js';

/**
 * One-time scene codes of the official-account binding (docs/member.md "WeChat binding"): the QR
 * code carries `scene`; the first subscribe/SCAN event with it decides the outcome, once.
 */
export const wechatBindings = pgTable(
  'wechat_binding',
  {
    id: uuidId(),
    scene: text('scene').notNull().unique(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    status: text('status', { enum: ['pending', 'bound', 'conflict'] })
      .notNull()
      .default('pending'),
    openId: text('open_id'),
    expiresAt: moment('expires_at').notNull(),
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('wechat_binding_user_idx').on(t.userId)],
);

/**
 * Nonces of accepted event pushes, kept for the timestamp window: the same nonce and timestamp
 * again is a replay and is ignored (the primary key refuses the second insert).
 */
export const wechatEventNonces = pgTable(
  'wechat_event_nonce',
  {
    nonce: text('nonce').notNull(),
    timestamp: text('timestamp').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nonce, t.timestamp] }), index('wechat_event_nonce_received_idx').on(t.receivedAt)],
);
