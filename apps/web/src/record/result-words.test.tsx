import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { doneRecord } from './fixtures/done-record.js';
import { RecordResult } from './RecordResult.js';
import { i18n } from '../lib/i18n.js';

// Issue 16: people read words, never the identifiers programs use. The result page of a record
// with every engine's real output (scripts/web-result-fixture.ts: real photos and recordings of
// the shared data) is rendered in zh and en and every piece of text is searched for identifiers.

/** Identifiers that must never reach a reader: camelCase, snake_case, dotted ids (`lab.L`, i18n keys). */
const RAW = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+_[a-z0-9_]+\b|\b[a-z][A-Za-z]*\.[A-Za-z][A-Za-z_]*\b/g;
/** Units written in mixed case by convention. */
const UNITS = new Set(['mmHg', 'dB', 'kHz', 'mL', 'mmol', 'μmol']);

/** Every text node of the page except the engine version tags (versions are for support, not words). */
function texts(root: HTMLElement): string[] {
  root.querySelectorAll('[data-testid="engine-version"]').forEach((n) => n.remove());
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n.textContent);
  return out;
}

export const rawIdentifiers = (lines: string[]): string[] =>
  lines.filter((line) => [...line.matchAll(RAW)].some(([token]) => !UNITS.has(token)));

describe('the result page in words', () => {
  it('finds identifiers when they show (the check can fail)', () => {
    expect(rawIdentifiers(['舌质 L* 52', 'lab.L 60', 'widthLengthRatio 0.8', 'light_red', '150 mmHg'])).toEqual([
      'lab.L 60',
      'widthLengthRatio 0.8',
      'light_red',
    ]);
  });

  for (const lang of ['zh', 'en'] as const)
    it(`shows no raw id, camelCase identifier or lab.x in ${lang}, and dates in the ${lang} form`, async () => {
      await i18n.changeLanguage(lang);
      const { getByTestId, unmount } = render(<RecordResult detail={doneRecord()} progress={null} via={null} />);
      const page = getByTestId('record-result');
      // Every engine's card is there, so every engine's words were checked.
      for (const e of ['tongue', 'face', 'pulse', 'voice', 'constitution', 'vitals', 'synthesis'])
        expect(getByTestId(`engine-${e}`)).toBeTruthy();
      expect(rawIdentifiers(texts(page))).toEqual([]);
      const features = getByTestId('tongue-features').textContent ?? '';
      if (lang === 'zh') {
        expect(page.textContent).toMatch(/2026-11-06 \d\d:\d\d/);
        expect(features).toContain('舌色');
      } else {
        // Spec §9 yyyy-MM-dd HH:mm in English too (issue 32).
        expect(page.textContent).toMatch(/2026-11-0[67] \d\d:\d\d/);
        expect(features).toContain('Body color');
      }
      expect(page.textContent).not.toMatch(/\b11\/[67]\/2026\b/);
      unmount();
      await i18n.changeLanguage('zh');
    }, 60000);
});
