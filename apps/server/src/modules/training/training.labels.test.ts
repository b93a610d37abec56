import { describe, expect, it } from 'vitest';
import { dataFile } from '../../test/records-helpers.js';
import { parseLabelTable } from './training.labels.js';
import { attemptScore, markReading } from './training.scoring.js';

const text = (rel: string) => new TextDecoder().decode(dataFile(rel));

describe('label tables', () => {
  it('reads the TonguExpert table: every row, colors mapped, NA cracks and tooth marks as none', () => {
    const t = parseLabelTable(text('tongue/labels-manual.tsv'))!;
    // 1,005 rows (README); each has cracks and tooth marks (NA = none), so none is skipped.
    expect(t.rows).toHaveLength(1005);
    expect(t.skipped).toEqual([]);
    // Counted with cut | sort | uniq -c on the file: 223 coating colors, 193 body colors, 81 "dark".
    expect(t.rows.filter((r) => r.key.coatingColor).length).toBe(93 + 69 + 61);
    expect(t.rows.filter((r) => r.key.bodyColor).length).toBe(81 + 53 + 59);
    expect(t.rows.filter((r) => r.key.bodyColor?.length === 3).length).toBe(81);
    expect(t.rows.filter((r) => r.key.cracks?.[0] === 'none').length).toBe(666);
    expect(t.rows.find((r) => r.ref === 'TE0000040')!.key).toEqual({
      coatingColor: ['white'],
      bodyColor: ['red', 'crimson', 'purple'],
      cracks: ['light'],
      toothMarks: ['severe'],
    });
  });

  it('reads the vocabulary layout with several accepted labels, and names a bad value', () => {
    const t = parseLabelTable(
      'id\tbodyColor\tcoatingThickness\tcracks\nA1\tred|crimson\tthick\t\nA2\tblue\tthin\tnone\nA3\t\t\t\n',
    )!;
    expect(t.rows).toEqual([{ ref: 'A1', key: { bodyColor: ['red', 'crimson'], coatingThickness: ['thick'] } }]);
    expect(t.skipped).toEqual([
      { ref: 'A2', reason: 'unknown label bodyColor: blue' },
      { ref: 'A3', reason: 'no label' },
    ]);
    expect(parseLabelTable('id,bodyColor\nA1,pale')).toBeNull();
    expect(parseLabelTable('id\tcolour\nA1\tpale')).toBeNull();
  });
});

describe('scoring', () => {
  it('counts only the features the key has; a left-out feature is wrong', () => {
    const key = { bodyColor: ['red', 'crimson', 'purple'] as const, cracks: ['none'] as const };
    expect(
      markReading(
        { bodyColor: [...key.bodyColor], cracks: [...key.cracks] },
        { bodyColor: 'crimson', toothMarks: 'light' },
      ),
    ).toEqual({
      marks: { bodyColor: true, cracks: false },
      correct: 1,
      scored: 2,
    });
  });

  it('scores an attempt as correct over scored readings, rounded half up', () => {
    // 1 of 8 = 12.5 → 13; 2 of 3 = 66.67 → 67; nothing scored → 0.
    expect(
      attemptScore([
        { correct: 1, scored: 4 },
        { correct: 0, scored: 4 },
      ]),
    ).toBe(13);
    expect(attemptScore([{ correct: 2, scored: 3 }])).toBe(67);
    expect(attemptScore([])).toBe(0);
  });
});
