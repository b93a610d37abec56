import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The columns most tables declare alike, written once (issue 38 item 5). Each is a function: a
// Drizzle column builder belongs to one table, so every table gets builders of its own.

/** The random uuid primary key. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp of the schema keeps its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written, filled by the database. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/** When the row last changed; the writer sets it, the database fills it on insert. */
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/**
 * A required link to another table's row. `cascade`: the row goes with the one it points at;
 * without it, that row cannot be deleted while this one points at it.
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});
