import { describe, expect, it } from 'vitest';
import { languageCoverage } from './coverage.js';

describe('languageCoverage', () => {
  it('counts non-blank translations per language in the spec order', () => {
    const blank = {
      zhHant: null,
      en: null,
      th: null,
      ms: null,
      ind: null,
      jpa: null,
      kor: null,
      fr: null,
      de: null,
      ru: null,
    };
    const c = languageCoverage([
      { ...blank, en: 'a', fr: ' ' },
      { ...blank, en: 'b', ru: 'в' },
    ]);
    expect(c.map((x) => x.lang)).toEqual(['zhHant', 'en', 'th', 'ms', 'ind', 'jpa', 'kor', 'fr', 'de', 'ru']);
    expect(Object.fromEntries(c.map((x) => [x.lang, x.configured]))).toMatchObject({ en: 2, fr: 0, ru: 1, th: 0 });
  });
});
