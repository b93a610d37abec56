import {
  NUMERIC_FIELD_TYPES,
  QUERY_GROUPS,
  QUERY_ROWS_PER_GROUP,
  STRING_OPERATORS,
  type CombinedQuery,
  type QueryCondition,
  type QueryConnector,
  type QueryFieldType,
  type QueryOperator,
} from '@tcm/contract';
import { formatPickedDateTime } from '../../lib/format.js';

/** A queryable field offered by a screen. */
export interface QueryField {
  name: string;
  type: QueryFieldType;
  /** i18n key or text of the label. */
  label: string;
}

/** One editable row of the dialog; anything may be unset while the user types. */
export interface QueryRow {
  connector: QueryConnector;
  field?: string | null;
  operator?: QueryOperator | null;
  value?: unknown;
}

export interface QueryForm {
  join: QueryConnector;
  groups: QueryRow[][];
}

/** A blank dialog: 2 groups × 5 rows (spec §9). */
export function emptyQueryForm(): QueryForm {
  return {
    join: 'and',
    groups: Array.from({ length: QUERY_GROUPS }, () =>
      Array.from({ length: QUERY_ROWS_PER_GROUP }, () => ({ connector: 'and' as const })),
    ),
  };
}

/** Operators a field type may use (spec §5: strings only EQ, LK, RLK, LLK). */
export function operatorsFor(type: QueryFieldType): readonly QueryOperator[] {
  return type === 'string' ? STRING_OPERATORS : ['EQ', 'NE', 'LT', 'GT', 'LE', 'GE'];
}

function convert(type: QueryFieldType, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC_FIELD_TYPES.includes(type)) {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
    if (!Number.isFinite(n)) return null;
    return type === 'number' || type === 'double' ? n : Math.trunc(n);
  }
  if (type === 'date') {
    const d =
      value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
    return d && !Number.isNaN(d.getTime()) ? formatPickedDateTime(d) : null;
  }
  const s = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return s === '' ? null : s;
}

/**
 * Turns the dialog into the combined query the server accepts (spec §5): a row counts only when
 * field, condition and value are set (0 allowed), strings are trimmed, numeric types become
 * numbers, dates 'yyyy-MM-dd HH:mm'; groups without a counted row are dropped. Null when empty.
 */
export function normalizeQuery(form: QueryForm, fields: readonly QueryField[]): CombinedQuery | null {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const groups = form.groups.slice(0, QUERY_GROUPS).map((rows) => {
    const conditions: QueryCondition[] = [];
    for (const row of rows.slice(0, QUERY_ROWS_PER_GROUP)) {
      const f = row.field ? byName.get(row.field) : undefined;
      if (!f || !row.operator || !operatorsFor(f.type).includes(row.operator)) continue;
      const value = convert(f.type, row.value);
      if (value === null) continue;
      conditions.push({ connector: row.connector, name: f.name, type: f.type, operator: row.operator, value });
    }
    return { conditions };
  });
  const kept = groups.filter((g) => g.conditions.length > 0);
  return kept.length ? { join: form.join, groups: kept } : null;
}

/**
 * Search-box conditions (spec §5): the term trimmed; string fields use a contains match, short
 * and integer fields an exact match (skipped when the term is not an integer); fields joined by or,
 * at most 2 × 5 of them (the combined query's limit).
 */
export function searchQuery(term: string, fields: readonly QueryField[]): CombinedQuery | null {
  const t = term.trim();
  if (!t) return null;
  const conditions: QueryCondition[] = [];
  for (const f of fields) {
    if (f.type === 'string') conditions.push({ connector: 'or', name: f.name, type: f.type, operator: 'LK', value: t });
    else if ((f.type === 'short' || f.type === 'integer') && /^[-+]?\d+$/.test(t))
      conditions.push({ connector: 'or', name: f.name, type: f.type, operator: 'EQ', value: Number(t) });
  }
  if (!conditions.length) return null;
  // A group holds 5 rows; more fields spill into the second group, ORed with the first, so every
  // field still takes part (up to the 2 × 5 rows the server accepts).
  const groups = Array.from({ length: Math.ceil(conditions.length / QUERY_ROWS_PER_GROUP) }, (_, i) => ({
    conditions: conditions.slice(i * QUERY_ROWS_PER_GROUP, (i + 1) * QUERY_ROWS_PER_GROUP),
  }));
  return { join: 'or', groups: groups.slice(0, QUERY_GROUPS) };
}
