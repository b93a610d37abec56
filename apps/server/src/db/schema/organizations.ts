import { index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidId } from './columns.js';

/**
 * The back-office's organizations (issue 33 item 3; docs/console.md "Organizations"): a tree by
 * parent id. Users and teams point at one (users.organization_id, teams.organization_id); a role
 * whose data scope is `organisation` or `organizationTree` reads the caller's place in this tree.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuidId(),
    /** No cascade: an organization with children is refused deletion (ORG_HAS_CHILDREN). */
    parentId: uuid('parent_id').references((): AnyPgColumn => organizations.id),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    sort: integer('sort').notNull().default(0),
    /** 1 = active, 0 = disabled (still in the tree; new assignments refused). */
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('organizations_parent_idx').on(t.parentId)],
);
