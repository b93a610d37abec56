import { describe, expect, it } from 'vitest';
import type { PoolVariable, ResearchJob, ResearchWarning } from '@tcm/contract';
import { i18n } from '../../../lib/i18n.js';
import './texts.js';
import { warningText } from './results.js';
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

describe('research warnings in words', () => {
  const job = (result: ResearchJob['result'], variables: PoolVariable[]): ResearchJob => ({
    id: 'j',
    poolId: 'p',
    poolName: 'pool',
    kind: result?.kind ?? 'frequency',
    params: {},
    status: 'warning',
    progress: 1,
    phase: null,
    failure: null,
    result,
    variables,
    createdAt: '',
    finishedAt: null,
  });
  const warning = (code: ResearchWarning['code'], items: string[], count: number, limit: number): ResearchWarning => ({
    code,
    items,
    count,
    limit,
    zh: 'package text',
    en: 'package text',
  });

  it('names variables by label, classes by level word, clusters by number: never a key or the package text', async () => {
    const freq = job({ kind: 'frequency', samples: 3, tables: [], warnings: [] }, [TONGUE, THIRST]);
    const noData = warning('no_data', ['tongue.bodyColor', 'thirst'], 2, 0);
    for (const lang of ['zh', 'en'] as const) {
      await i18n.changeLanguage(lang);
      const text = warningText(noData, freq, i18n.t, lang);
      expect(text).toContain(lang === 'zh' ? '舌色、口渴' : 'Body color, Thirst');
      expect(text).not.toMatch(/tongue\.bodyColor|package text|research\./);
      const empty = warningText(warning('empty_clusters', ['2', '3'], 2, 3), freq, i18n.t, lang);
      expect(empty).toContain(lang === 'zh' ? '第 2 类' : 'Cluster 2');
    }
    const cls = job(
      {
        kind: 'classification',
        classifier: 'naive-bayes',
        target: 'tongue.bodyColor',
        features: ['thirst'],
        classes: ['pale', 'red'],
        trainedSamples: 40,
        evaluation: {
          samples: 40,
          accuracy: 0.9,
          macroF1: 0.5,
          perClass: [],
          confusion: { labels: [], matrix: [] },
          folds: 5,
          perFold: [],
          baseline: { label: 'pale', accuracy: 0.9 },
          accuracyCi95: [0.77, 0.96],
        },
        importance: [],
        skipped: 0,
        warnings: [],
      },
      [TONGUE, THIRST],
    );
    await i18n.changeLanguage('zh');
    expect(warningText(warning('small_class', ['red'], 4, 5), cls, i18n.t, 'zh')).toContain('红');
  });
});
