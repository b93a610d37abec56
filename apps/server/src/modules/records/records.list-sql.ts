import { getTableName, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { devices, recordsTable, users } from '../../db/schema/index.js';
import { summaryColumns, type RecordSummaryRow } from './records.repo.js';

/**
 * The record list's two statements (a page, and the count ahead) written once as text around the
 * WHERE that drizzle builds (`listCondition`: scope, combined query, status, search), and its rows
 * read by position. Through drizzle's select builder the same call built both statements from
 * scratch (one `is()` check per chunk) and mapped each of the 100 rows cell by cell: about half of
 * the app's CPU per list call at 1 M records (docs/server.md "List at 1 M records", the profile).
 * The WHERE is turned into text once and serves both statements.
 */

const dialect = new PgDialect();
/** A quoted identifier, and the three tables' quoted names (detail-cache.ts writes its statement with them too). */
export const q = (name: string) => `"${name}"`;
export const R = q(getTableName(recordsTable));
export const U = q(getTableName(users));
export const D = q(getTableName(devices));

/** The summary columns in a fixed order, then the owner's and the device's names. */
const SUMMARY_KEYS = Object.keys(summaryColumns) as (keyof typeof summaryColumns)[];
const SELECT = [
  ...SUMMARY_KEYS.map((k) => `${R}.${q(summaryColumns[k].name)}`),
  `${U}.${q(users.name.name)}`,
  `${D}.${q(devices.name.name)}`,
].join(', ');
/** The joins the search box and the owner/device query fields need (same as `exportRows`). */
const FROM =
  `${R} left join ${U} on ${U}.${q(users.id.name)} = ${R}.${q(recordsTable.ownerUserId.name)}` +
  ` left join ${D} on ${D}.${q(devices.id.name)} = ${R}.${q(recordsTable.deviceId.name)}`;
const ID = `${R}.${q(recordsTable.id.name)}`;

export const LIST_SORT_COLUMNS = {
  createdAt: `${R}.${q(recordsTable.createdAt.name)}`,
  personName: `${R}.${q(recordsTable.personName.name)}`,
  status: `${R}.${q(recordsTable.status.name)}`,
} as const;

export interface ListPageQuery {
  where: SQL | undefined;
  sortBy: keyof typeof LIST_SORT_COLUMNS;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** The count stops after this many rows (countAhead + 1 read: "more than" when all come). */
  countLimit: number;
}

export interface ListPageRow {
  r: RecordSummaryRow;
  ownerName: string | null;
  deviceName: string | null;
}

/** The page's rows and the number of matching rows up to `countLimit + 1`. */
export async function queryListPage(
  pool: pg.Pool,
  p: ListPageQuery,
): Promise<{ rows: ListPageRow[]; counted: number }> {
  const w = p.where ? dialect.sqlToQuery(p.where) : { sql: 'true', params: [] };
  const n = w.params.length;
  const dir = p.order === 'asc' ? 'asc' : 'desc';
  const page = pool.query<unknown[]>({
    text:
      `select ${SELECT} from ${FROM} where ${w.sql} order by ${LIST_SORT_COLUMNS[p.sortBy]} ${dir}, ${ID} desc` +
      ` limit $${n + 1} offset $${n + 2}`,
    values: [...w.params, p.limit, p.offset],
    rowMode: 'array',
  });
  const count = pool.query<{ n: number }>({
    text: `select count(*)::int as n from (select 1 from ${FROM} where ${w.sql} limit $${n + 1}) as matching`,
    values: [...w.params, p.countLimit + 1],
  });
  const [pageResult, countResult] = await Promise.all([page, count]);
  return { rows: pageResult.rows.map(rowOf), counted: countResult.rows[0]?.n ?? 0 };
}

/** One page row by position: pg has already typed each cell (Date, number, parsed jsonb). */
function rowOf(cells: unknown[]): ListPageRow {
  const r = {} as Record<string, unknown>;
  for (let i = 0; i < SUMMARY_KEYS.length; i++) r[SUMMARY_KEYS[i]!] = cells[i];
  return {
    r: r as RecordSummaryRow,
    ownerName: cells[SUMMARY_KEYS.length] as string | null,
    deviceName: cells[SUMMARY_KEYS.length + 1] as string | null,
  };
}
