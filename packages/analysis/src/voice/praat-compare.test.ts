import { describe, expect, it } from 'vitest';
import { compareItem, praatReference, tableRow, VOWEL_TOLERANCE } from './compare/compare.js';
import { VOICE_SET } from './compare/voice-set.js';

// Praat's measures were computed once (compare/make-reference.ts, Praat version and script in
// compare/praat-reference.json); this test runs only our engine. The table it prints is the one
// of docs/voice.md (`npm run -s compare:voice -w @tcm/analysis` prints it too).
describe(`voice engine against ${praatReference.praat}`, () => {
  for (const item of VOICE_SET.filter((i) => i.kind === 'vowel')) {
    it(`sustained vowel within the tolerances: ${item.name}`, () => {
      const c = compareItem(item);
      console.log(tableRow(c));
      const t = VOWEL_TOLERANCE;
      expect(Math.abs(c.diff.f0)).toBeLessThan(t.f0);
      expect(Math.abs(c.diff.jitter)).toBeLessThan(t.jitter);
      expect(Math.abs(c.diff.shimmer)).toBeLessThan(t.shimmer);
      expect(Math.abs(c.diff.hnrDb)).toBeLessThan(t.hnrDb);
      expect(Math.abs(c.ours.intensity - c.praat.intensity)).toBeLessThan(1);
    });
  }

  // Jitter and shimmer of running speech swing with every voicing decision, so speech is held to
  // F0, HNR and intensity only, and the rest is printed for the notes.
  for (const item of VOICE_SET.filter((i) => i.kind === 'speech')) {
    it(`running speech stays close: ${item.name}`, () => {
      const c = compareItem(item);
      console.log(tableRow(c));
      expect(Math.abs(c.diff.f0)).toBeLessThan(item.f0Tolerance?.rel ?? 0.05);
      expect(Math.abs(c.diff.hnrDb)).toBeLessThan(2);
      expect(Math.abs(c.ours.intensity - c.praat.intensity)).toBeLessThan(1);
    });
  }
});
