import { describe, expect, it } from 'vitest';
import { compareItem, praatReference, tableRow, VOWEL_TOLERANCE, vowelMisses } from './compare/compare.js';
import { VOICE_SET } from './compare/voice-set.js';

// Praat's measures were computed once (compare/make-reference.ts, Praat version and script in
// compare/praat-reference.json); this test runs only our engine. The table it prints is the one
// of docs/voice.md (`npm run -s compare:voice -w @tcm/analysis` prints it too).
describe(`voice engine against ${praatReference.praat}`, () => {
  for (const item of VOICE_SET.filter((i) => i.kind === 'vowel')) {
    it(`sustained vowel within the tolerances: ${item.name}`, () => {
      const c = compareItem(item);
      console.log(tableRow(c));
      expect(vowelMisses(c)).toEqual([]);
    });
  }

  // Jitter and shimmer of running speech swing with every voicing decision, so speech is held to
  // F0 (mean, SD and voiced frames: the pitch path is Praat's on the full band since 0.3.0), HNR
  // and intensity only, and the rest is printed for the notes.
  for (const item of VOICE_SET.filter((i) => i.kind === 'speech')) {
    it(`running speech stays close: ${item.name}`, () => {
      const c = compareItem(item);
      console.log(tableRow(c));
      expect(Math.abs(c.diff.f0)).toBeLessThan(VOWEL_TOLERANCE.f0);
      expect(Math.abs(c.diff.f0SdHz)).toBeLessThan(VOWEL_TOLERANCE.f0SdHz);
      expect(Math.abs(c.ours.voiced - c.praat.voicedFrames / c.praat.frames)).toBeLessThan(0.005);
      expect(Math.abs(c.diff.hnrDb)).toBeLessThan(VOWEL_TOLERANCE.hnrDb);
      expect(Math.abs(c.ours.intensity - c.praat.intensity)).toBeLessThan(VOWEL_TOLERANCE.intensityDb);
    });
  }
});
