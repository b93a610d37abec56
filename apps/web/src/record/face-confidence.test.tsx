import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { FaceResult } from '@tcm/contract';
import { doneRecordResults } from './fixtures/done-record.js';
import { FaceView } from './FaceView.js';
import { i18n } from '../lib/i18n.js';

// Issue 36 item 3: a score the engine's repeatability reference marks low confidence carries the
// mark on the result page (the PDF carries the same, packages/report record-model.test.ts).
const saved = doneRecordResults.face as { status: string; result: FaceResult };

const withMarks = (low: string[]): FaceResult => {
  const r = structuredClone(saved.result);
  for (const [k, m] of Object.entries(r.metrics)) m.confidence = low.includes(k) ? 'low' : 'normal';
  return r;
};

describe('low-confidence skin scores on the result page', () => {
  for (const [lang, word] of [
    ['zh', '可信度低'],
    ['en', 'low confidence'],
  ] as const)
    it(`marks exactly the marked scores (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      const { queryByTestId, unmount } = render(<FaceView r={withMarks(['shine', 'darkCircles'])} />);
      for (const k of ['spots', 'wrinkles', 'texture', 'pores', 'redness', 'shine', 'darkCircles']) {
        const tag = queryByTestId(`face-low-${k}`);
        expect(`${k} ${tag?.textContent ?? 'none'}`).toBe(
          `${k} ${['shine', 'darkCircles'].includes(k) ? word : 'none'}`,
        );
      }
      unmount();
      // A result stored before face-1.1.0 (no confidence at all) shows no mark.
      const old = render(<FaceView r={saved.result} />);
      expect(old.container.querySelector('[data-testid^="face-low-"]')).toBeNull();
      old.unmount();
    });
});
