import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from './columns.js';
import { users } from './users.js';

/**
 * Messages a person has stopped by the unsubscribe link (docs/member.md "Unsubscribe"): one row
 * per person and message kind; the sender of that kind skips them. The row goes with the account.
 */
export const messageOptOuts = pgTable(
  'message_opt_out',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
