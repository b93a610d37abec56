import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NUMERIC_FIELD_TYPES,
  QUERY_ERRORS,
  STRING_OPERATORS,
  type CombinedQuery,
  type QueryCondition,
  type QueryFieldType,
  type QueryOperator,
} from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { escapeLike } from '../../db/contains.js';

/** One queryable field of an endpoint: the column it reads and its type (the whitelist). */
export interface QueryColumn {
  column: AnyPgColumn | SQL;
  type: QueryFieldType;
}
export type QueryWhitelist = Readonly<Record<string, QueryColumn>>;

/**
 * The whitelist of a list whose contract fields are named as the columns they read: each field's
 * type (the contract's table of them) paired with the same-named column of `columns` (a table's
 * `getTableColumns`, say). The types require a column for every field.
 */
export function whitelistOf<F extends Partial<Record<string, QueryFieldType>>>(
  columns: Readonly<Record<keyof F, AnyPgColumn>>,
  fields: F,
): QueryWhitelist {
  const whitelist: Record<string, QueryColumn> = {};
  for (const name of Object.keys(fields) as (keyof F & string)[]) {
    const type = fields[name];
    if (type) whitelist[name] = { column: columns[name], type };
  }
  return whitelist;
}

const COMPARE: Partial<Record<QueryOperator, string>> = { EQ: '=', NE: '<>', LT: '<', GT: '>', LE: '<=', GE: '>=' };
const INTEGER_TYPES: readonly QueryFieldType[] = ['integer', 'short', 'long'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

function value(c: QueryCondition, type: QueryFieldType): string | number | Date {
  if (NUMERIC_FIELD_TYPES.includes(type)) {
    const n = typeof c.value === 'number' ? c.value : Number(String(c.value).trim());
    if (!Number.isFinite(n) || (INTEGER_TYPES.includes(type) && !Number.isInteger(n)))
      throw new AppError(QUERY_ERRORS.VALUE_INVALID, `${c.name}: must be a ${type}`);
    return n;
  }
  if (type === 'date') {
    const m = DATE.exec(String(c.value).trim());
    const d = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:00`) : null;
    if (!d || Number.isNaN(d.getTime()))
      throw new AppError(QUERY_ERRORS.VALUE_INVALID, `${c.name}: must be yyyy-MM-dd HH:mm`);
    return d;
  }
  return String(c.value).trim();
}

function condition(c: QueryCondition, fields: QueryWhitelist): SQL {
  const f = Object.hasOwn(fields, c.name) ? fields[c.name] : undefined;
  if (!f) throw new AppError(QUERY_ERRORS.FIELD_NOT_ALLOWED, `${c.name}: not a queryable field`);
  const allowed = f.type === 'string' ? STRING_OPERATORS : (Object.keys(COMPARE) as QueryOperator[]);
  if (!allowed.includes(c.operator))
    throw new AppError(QUERY_ERRORS.OPERATOR_NOT_ALLOWED, `${c.name}: ${c.operator} not allowed`);
  const v = value(c, f.type);
  const op = COMPARE[c.operator];
  if (op) return sql`${f.column} ${sql.raw(op)} ${v}`;
  const s = escapeLike(String(v));
  const pattern = c.operator === 'LK' ? `%${s}%` : c.operator === 'RLK' ? `${s}%` : `%${s}`;
  return sql`${f.column} ILIKE ${pattern} ESCAPE '\\'`;
}

/**
 * Turns a combined query into a parameterised WHERE fragment over whitelisted columns: rows of a
 * group fold left by their connector, groups join by `join`. Values are always bound parameters;
 * an unknown field, a wrong operator or a bad value throws a 400 AppError. Undefined when empty.
 */
export function buildQueryWhere(q: CombinedQuery | undefined, fields: QueryWhitelist): SQL | undefined {
  if (!q) return undefined;
  const groups: SQL[] = [];
  for (const g of q.groups) {
    let acc: SQL | undefined;
    for (const c of g.conditions) {
      const part = condition(c, fields);
      acc = acc === undefined ? part : c.connector === 'or' ? or(acc, part) : and(acc, part);
    }
    if (acc) groups.push(acc);
  }
  if (!groups.length) return undefined;
  return q.join === 'or' ? or(...groups) : and(...groups);
}
