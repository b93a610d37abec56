import { ilike, or, type Column, type SQL } from 'drizzle-orm';

/** `s` with LIKE's wildcards (`%`, `_`) and its escape character quoted, so a user's % or _ matches itself. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of "contains `term`". */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * The search box of a list: `term` anywhere in any of `columns` (columns or SQL expressions),
 * case-insensitive. No term, no condition (undefined, which `and(...)` skips).
 */
export function containsAny(term: string | undefined, columns: readonly (Column | SQL)[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((c) => ilike(c, pattern)));
}
