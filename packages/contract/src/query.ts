import queryErrors from './errors/query.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/** Comparison operators of spec §9: LK = contains, RLK = right-fuzzy (starts with), LLK = left-fuzzy (ends with). */
export const QUERY_OPERATORS = ['EQ', 'NE', 'LT', 'GT', 'LE', 'GE', 'LK', 'RLK', 'LLK'] as const;
export const queryOperator = z.enum(QUERY_OPERATORS);
export type QueryOperator = z.infer<typeof queryOperator>;

/** Operators a string field may use (spec §5: equals, contains, right-fuzzy, left-fuzzy). */
export const STRING_OPERATORS: readonly QueryOperator[] = ['EQ', 'LK', 'RLK', 'LLK'];

/** Field types of the combined query; the numeric ones are converted to numbers (spec §5). */
export const QUERY_FIELD_TYPES = ['string', 'number', 'integer', 'short', 'long', 'double', 'date'] as const;
export const queryFieldType = z.enum(QUERY_FIELD_TYPES);
export type QueryFieldType = z.infer<typeof queryFieldType>;
export const NUMERIC_FIELD_TYPES: readonly QueryFieldType[] = ['number', 'integer', 'short', 'long', 'double'];

export const queryConnector = z.enum(['and', 'or']);
export type QueryConnector = z.infer<typeof queryConnector>;

/** Rows per group and groups per combined query (spec §9). */
export const QUERY_ROWS_PER_GROUP = 5;
export const QUERY_GROUPS = 2;

/** One query condition (spec §3): connector joins it to the previous row of its group. */
export const queryCondition = z.object({
  connector: queryConnector,
  name: z.string().min(1).max(64),
  type: queryFieldType,
  operator: queryOperator,
  /** Dates travel as 'yyyy-MM-dd HH:mm' strings. */
  value: z.union([z.string().max(200), z.number().finite()]),
});
export type QueryCondition = z.infer<typeof queryCondition>;

/** Combined query: up to two groups of up to five rows, the groups joined by `join`. */
export const combinedQuery = z.object({
  join: queryConnector,
  groups: z.array(z.object({ conditions: z.array(queryCondition).max(QUERY_ROWS_PER_GROUP) })).max(QUERY_GROUPS),
});
export type CombinedQuery = z.infer<typeof combinedQuery>;

/** Sort order values of spec §9. */
export const sortOrder = z.enum(['asc', 'desc']).default('desc');

/** Table page sizes of spec §9. */
export const PAGE_SIZES = [100, 200, 500, 1000] as const;

/** Query-builder errors: a field or operator outside the endpoint's whitelist. */
export const QUERY_ERRORS = defineErrors(queryErrors);
