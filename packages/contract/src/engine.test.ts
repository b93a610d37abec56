import { describe, expect, it } from 'vitest';
import { qualityIssueText } from './engine.js';
import { FACE_ERRORS } from './face.js';
import { TONGUE_ERRORS } from './tongue.js';

describe('qualityIssueText', () => {
  it('words an issue the engine saved in English in zh from the catalog, the problem apart from the tip', () => {
    const dark = TONGUE_ERRORS.TONGUE_TOO_DARK;
    const saved = { code: String(dark.code), message: dark.en, tip: dark.tip.en };
    expect(qualityIssueText(saved, TONGUE_ERRORS, 'zh')).toEqual({
      message: '照片过暗。请在明亮、均匀的自然光下拍摄',
      problem: '照片过暗',
      tip: '请在明亮、均匀的自然光下拍摄',
    });
    expect(qualityIssueText(saved, TONGUE_ERRORS, 'en')).toEqual({
      message: dark.en,
      problem: 'The photo is too dark',
      tip: dark.tip.en,
    });
    const face = Object.values(FACE_ERRORS).find((d) => 'tip' in d && String(d.code).startsWith('32002'))!;
    const faceIssue = { code: String(face.code), message: face.en, tip: face.tip.en };
    expect(qualityIssueText(faceIssue, FACE_ERRORS, 'zh').message).toBe(face.zh);
  });

  it('keeps the saved text of a code the catalog does not hold', () => {
    const other = { code: 'X1', message: 'Something odd. Try again', tip: 'Try again' };
    expect(qualityIssueText(other, TONGUE_ERRORS, 'zh')).toEqual({
      message: other.message,
      problem: 'Something odd',
      tip: 'Try again',
    });
  });
});
