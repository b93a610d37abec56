import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { QUERY_ERRORS, type CombinedQuery, type QueryCondition } from '@tcm/contract';
import { translations } from '../../db/schema/index.js';
import { isAppError } from '../../http/app-error.js';
import { getTableColumns } from 'drizzle-orm';
import { buildQueryWhere, whitelistOf, type QueryWhitelist } from './query-sql.js';

const fields: QueryWhitelist = {
  originalText: { column: translations.originalText, type: 'string' },
  id: { column: translations.id, type: 'long' },
  createdAt: { column: translations.createdAt, type: 'date' },
};
const dialect = new PgDialect();
const render = (q: CombinedQuery) => {
  const w = buildQueryWhere(q, fields);
  if (!w) return null;
  const { sql, params } = dialect.sqlToQuery(w);
  return { sql, params };
};
const c = (over: Partial<QueryCondition>): QueryCondition => ({
  connector: 'and',
  name: 'id',
  type: 'long',
  operator: 'EQ',
  value: 1,
  ...over,
});
const one = (cond: QueryCondition): CombinedQuery => ({ join: 'and', groups: [{ conditions: [cond] }] });

describe('buildQueryWhere', () => {
  it('maps every comparison operator to a bound parameter', () => {
    for (const [op, sym] of [
      ['EQ', '='],
      ['NE', '<>'],
      ['LT', '<'],
      ['GT', '>'],
      ['LE', '<='],
      ['GE', '>='],
    ] as const) {
      expect(render(one(c({ operator: op, value: 5 })))).toEqual({ sql: `"translations"."id" ${sym} $1`, params: [5] });
    }
  });

  it('turns LK, RLK, LLK into escaped ILIKE patterns', () => {
    expect(render(one(c({ name: 'originalText', operator: 'LK', value: ' 50%_off ' })))).toEqual({
      sql: `"translations"."original_text" ILIKE $1 ESCAPE '\\'`,
      params: ['%50\\%\\_off%'],
    });
    expect(render(one(c({ name: 'originalText', operator: 'RLK', value: '舌' })))?.params).toEqual(['舌%']);
    expect(render(one(c({ name: 'originalText', operator: 'LLK', value: '舌' })))?.params).toEqual(['%舌']);
  });

  it('folds rows by connector and joins groups', () => {
    const q: CombinedQuery = {
      join: 'or',
      groups: [
        {
          conditions: [
            c({ value: 1 }),
            c({ connector: 'or', value: 2 }),
            c({ connector: 'and', operator: 'NE', value: 3 }),
          ],
        },
        { conditions: [c({ name: 'createdAt', operator: 'GE', value: '2026-01-02 03:04' })] },
      ],
    };
    const r = render(q)!;
    expect(r.sql).toBe(
      '((("translations"."id" = $1 or "translations"."id" = $2) and "translations"."id" <> $3) or "translations"."created_at" >= $4)',
    );
    expect(r.params.slice(0, 3)).toEqual([1, 2, 3]);
    expect(r.params[3]).toEqual(new Date('2026-01-02T03:04:00'));
  });

  it('rejects fields outside the whitelist, wrong operators and bad values with 400 codes', () => {
    const code = (q: CombinedQuery) => {
      try {
        buildQueryWhere(q, fields);
        return null;
      } catch (e) {
        return isAppError(e) ? e.def.code : -1;
      }
    };
    expect(code(one(c({ name: 'passwordHash' })))).toBe(QUERY_ERRORS.FIELD_NOT_ALLOWED.code);
    expect(code(one(c({ name: 'constructor' })))).toBe(QUERY_ERRORS.FIELD_NOT_ALLOWED.code);
    expect(code(one(c({ name: 'originalText', operator: 'GT', value: 'a' })))).toBe(
      QUERY_ERRORS.OPERATOR_NOT_ALLOWED.code,
    );
    expect(code(one(c({ operator: 'LK' })))).toBe(QUERY_ERRORS.OPERATOR_NOT_ALLOWED.code);
    expect(code(one(c({ value: 'abc' })))).toBe(QUERY_ERRORS.VALUE_INVALID.code);
    expect(code(one(c({ value: 1.5 })))).toBe(QUERY_ERRORS.VALUE_INVALID.code);
    expect(code(one(c({ name: 'createdAt', operator: 'LT', value: '2026/01/02' })))).toBe(
      QUERY_ERRORS.VALUE_INVALID.code,
    );
    expect(QUERY_ERRORS.VALUE_INVALID.status).toBe(400);
  });

  it('gives undefined for an empty query', () => {
    expect(buildQueryWhere(undefined, fields)).toBeUndefined();
    expect(buildQueryWhere({ join: 'and', groups: [{ conditions: [] }] }, fields)).toBeUndefined();
  });
});

describe('whitelistOf', () => {
  it('pairs each contract field with its same-named column, and only those fields', () => {
    const made = whitelistOf(getTableColumns(translations), { originalText: 'string', id: 'long', createdAt: 'date' });
    expect(made).toEqual(fields);
  });
});
