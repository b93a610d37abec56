import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The large-screen display's daily counts (docs/display.md), kept by a trigger on
 * diagnosis_record (migration 0011): per scope (`all`, or a team id), facet, Shanghai day and key,
 * how many finished records there are. The display sums a window of days from here, so its
 * queries read a few thousand rows whatever the number of records.
 *
 * Facets and keys: `total` (''), `constitution` (letter), `pattern` (id), `risk` (level),
 * `device` (device id, '' for none), `tongue` (`records`, or the finding's bit 0-9), `missing`
 * (the engine of a failed part of a partial record; migration 0026).
 */
export const displayDaily = pgTable(
  'display_daily',
  {
    scope: text('scope').notNull(),
    facet: text('facet').notNull(),
    day: date('day').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.facet, t.day, t.key] })],
);
