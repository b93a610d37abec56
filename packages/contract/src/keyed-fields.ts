import type { z } from 'zod';

/**
 * One field per key of a list, all of one schema: for fields that are one kind of thing named by
 * a list the contract keeps (the languages of a translation, the statistics of a summary), so the
 * list and the schema cannot drift apart. Spread into `z.object`; the keys keep the list's order.
 */
export function keyedFields<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>;
}
