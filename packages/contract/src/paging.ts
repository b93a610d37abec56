import { z } from 'zod';
import { combinedQuery, PAGE_SIZES } from './query.js';

// The paging fields and page envelopes every list call shares, written once so that a list's
// schema shows only what is its own (filters, search, sort) and every list pages alike.

/** A 1-based page number (a query string carries it as text). */
const pageNumber = z.coerce.number().int().min(1).default(1);

/** A table page size of spec §9 (100, 200, 500, 1000); anything else is a 400 naming them. */
const tablePageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `one of ${PAGE_SIZES.join(', ')}` });

/** Page and size of a table list with the page sizes of spec §9 (100 rows unless chosen): spread into its body. */
export const tablePaging = { page: pageNumber, size: tablePageSize.default(100) };

/** Page and size of a back-office list: any size from 1 to 1000, 100 rows unless chosen. */
export const adminPaging = { page: pageNumber, size: z.coerce.number().int().min(1).max(1000).default(100) };

/** The text of a list's search box: a contains-match over the columns each list names. */
export const searchText = z.string().trim().max(200).optional();

/** The search box and the combined query of a back-office list: spread into its body beside its own filters. */
export const adminSearch = { keyword: searchText, query: combinedQuery.optional() };

/** The body of a back-office list that filters by search and query alone; `.extend` it with a list's own filters. */
export const adminSearchBody = z.object(adminSearch);

/**
 * Paging, search box (`search`) and combined query of a table list: spread into its body with a
 * comment saying what its search matches.
 */
export const tableSearch = { ...tablePaging, search: searchText, query: combinedQuery.optional() };

/** One page of a list and the count of every row that matches. */
export const pageOf = <Row extends z.ZodType>(row: Row) => z.object({ list: z.array(row), total: z.number().int() });

/** One page of a table list with the page and size it answers (`tablePaging`). */
export const tablePageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), size: z.number().int() });
