import { describe, expect, it } from 'vitest';
import type { PoolVariable } from '@tcm/contract';
import { toCsv } from './ExportButtons.js';
import { stars } from './RelatePage.js';
import { columnWord, itemWord, valueText } from './words.js';

const TONGUE: PoolVariable = {
  key: 'tongue.bodyColor',
  type: 'categorical',
  kind: 'finding',
  label: { zh: '舌色', en: 'Body color' },
  levels: ['pale', 'red'],
  levelWords: { pale: { zh: '淡白', en: 'Pale' }, red: { zh: '红', en: 'Red' } },
};
const THIRST: PoolVariable = { key: 'thirst', type: 'binary', kind: 'finding', label: { zh: '口渴', en: 'Thirst' } };

describe('research screens', () => {
  it('CSV: byte order mark, quotes around commas, quotes and line breaks, empty for null', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['two\nlines', null],
          [1.5, 0],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n"two\nlines",\r\n1.5,0\r\n');
  });

  it('names variables, levels and encoded columns in the reader language, never by raw id', () => {
    expect(columnWord([TONGUE], 'tongue.bodyColor=red', 'zh')).toBe('舌色 = 红');
    expect(columnWord([TONGUE], 'tongue.bodyColor=red', 'en')).toBe('Body color = Red');
    expect(itemWord([THIRST], { variable: 'thirst', level: null }, 'en')).toBe('Thirst');
    const yesNo = { yes: '有', no: '无' };
    expect(valueText(THIRST, true, 'zh', yesNo, String)).toBe('有');
    expect(valueText(THIRST, 0, 'zh', yesNo, String)).toBe('无');
    expect(valueText(TONGUE, 'pale', 'zh', yesNo, String)).toBe('淡白');
    // A doctor's own level without words shows as written.
    expect(valueText({ ...TONGUE, levelWords: {} }, '湿热', 'en', yesNo, String)).toBe('湿热');
  });

  it('marks significance on q: *** < 0.001, ** < 0.01, * < 0.05', () => {
    expect([0.0005, 0.005, 0.04, 0.05, null].map(stars)).toEqual(['***', '**', '*', '', '']);
  });
});
