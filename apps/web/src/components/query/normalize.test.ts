import { describe, expect, it } from 'vitest';
import { emptyQueryForm, normalizeQuery, operatorsFor, searchQuery, type QueryField } from './normalize.js';

const fields: QueryField[] = [
  { name: 'originalText', type: 'string', label: 'o' },
  { name: 'age', type: 'integer', label: 'a' },
  { name: 'score', type: 'double', label: 's' },
  { name: 'createdAt', type: 'date', label: 'c' },
  { name: 'level', type: 'short', label: 'l' },
];

describe('normalizeQuery', () => {
  it('starts with 2 groups of 5 rows and yields null when nothing is set', () => {
    const f = emptyQueryForm();
    expect(f.groups.map((g) => g.length)).toEqual([5, 5]);
    expect(normalizeQuery(f, fields)).toBeNull();
  });

  it('counts a row only when field, condition and value are set, with 0 allowed', () => {
    const f = emptyQueryForm();
    f.groups[0] = [
      { connector: 'and', field: 'age', operator: 'EQ', value: 0 },
      { connector: 'and', field: 'age', operator: 'GT' },
      { connector: 'and', field: 'age', value: 3 },
      { connector: 'or', operator: 'EQ', value: 3 },
      { connector: 'or', field: 'originalText', operator: 'LK', value: '   ' },
    ];
    expect(normalizeQuery(f, fields)).toEqual({
      join: 'and',
      groups: [{ conditions: [{ connector: 'and', name: 'age', type: 'integer', operator: 'EQ', value: 0 }] }],
    });
  });

  it('trims strings, converts numbers, formats dates and keeps the group join', () => {
    const f = emptyQueryForm();
    f.join = 'or';
    f.groups[0]![0] = { connector: 'and', field: 'originalText', operator: 'RLK', value: '  舌  ' };
    f.groups[0]![1] = { connector: 'or', field: 'score', operator: 'GE', value: '2.5' };
    f.groups[1]![0] = { connector: 'and', field: 'createdAt', operator: 'LT', value: new Date(2026, 4, 6, 7, 8) };
    f.groups[1]![1] = { connector: 'and', field: 'level', operator: 'EQ', value: '3.9' };
    f.groups[1]![2] = { connector: 'and', field: 'age', operator: 'EQ', value: 'abc' };
    expect(normalizeQuery(f, fields)).toEqual({
      join: 'or',
      groups: [
        {
          conditions: [
            { connector: 'and', name: 'originalText', type: 'string', operator: 'RLK', value: '舌' },
            { connector: 'or', name: 'score', type: 'double', operator: 'GE', value: 2.5 },
          ],
        },
        {
          conditions: [
            { connector: 'and', name: 'createdAt', type: 'date', operator: 'LT', value: '2026-05-06 07:08' },
            { connector: 'and', name: 'level', type: 'short', operator: 'EQ', value: 3 },
          ],
        },
      ],
    });
  });

  it('allows strings only equals, contains, right- and left-fuzzy', () => {
    expect(operatorsFor('string')).toEqual(['EQ', 'LK', 'RLK', 'LLK']);
    const f = emptyQueryForm();
    f.groups[0]![0] = { connector: 'and', field: 'originalText', operator: 'GT', value: 'x' };
    f.groups[0]![1] = { connector: 'and', field: 'unknown', operator: 'EQ', value: 'x' };
    expect(normalizeQuery(f, fields)).toBeNull();
  });
});

describe('searchQuery', () => {
  it('ORs a contains match on strings and exact match on short/integer', () => {
    expect(searchQuery('  42 ', fields)?.groups[0]?.conditions).toEqual([
      { connector: 'or', name: 'originalText', type: 'string', operator: 'LK', value: '42' },
      { connector: 'or', name: 'age', type: 'integer', operator: 'EQ', value: 42 },
      { connector: 'or', name: 'level', type: 'short', operator: 'EQ', value: 42 },
    ]);
    expect(searchQuery('舌', fields)?.groups[0]?.conditions.map((c) => c.name)).toEqual(['originalText']);
    expect(searchQuery('   ', fields)).toBeNull();
  });

  it('ORs more than five fields across both groups', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ name: `f${i}`, type: 'string' as const, label: 'x' }));
    const q = searchQuery('舌', many)!;
    expect(q.join).toBe('or');
    expect(q.groups.map((g) => g.conditions.map((c) => c.name))).toEqual([
      ['f0', 'f1', 'f2', 'f3', 'f4'],
      ['f5', 'f6'],
    ]);
    expect(q.groups.flatMap((g) => g.conditions).every((c) => c.connector === 'or')).toBe(true);
  });
});
