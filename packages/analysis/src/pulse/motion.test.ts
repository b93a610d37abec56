import { describe, expect, it } from 'vitest';
import { analyzePulse } from './analyze.js';
import { DEFAULT_SHAPE, regularIntervals, syntheticPulse, type BeatShape } from './synthetic.js';

const RATE = 250;

/**
 * Motion artefacts as finger PPG shows them: a few seconds of large, slow swings (the hand
 * moves) and a sudden shift of the baseline (the sensor is pressed harder), on top of 0.2 Hz
 * wander and noise. The beats stay where they were, so the rate must too.
 */
function withMotion(x: Float64Array, bursts: { at: number; seconds: number }[], stepAt: number): Float64Array {
  const y = Float64Array.from(x);
  for (const b of bursts) {
    const a = Math.round(b.at * RATE);
    const n = Math.round(b.seconds * RATE);
    for (let i = 0; i < n && a + i < y.length; i++) {
      const t = i / RATE;
      // 4x the pulse amplitude, 0.7 and 2.3 Hz components, faded in and out over the burst.
      const env = Math.sin((Math.PI * i) / n);
      y[a + i] = y[a + i]! + 4 * env * (Math.sin(2 * Math.PI * 0.7 * t) + 0.6 * Math.sin(2 * Math.PI * 2.3 * t + 1));
    }
  }
  for (let i = Math.round(stepAt * RATE); i < y.length; i++) y[i] = y[i]! + 2.5;
  return y;
}

describe('pulse engine under motion artefacts (issue 4 item 2)', () => {
  for (const bpm of [58, 76, 104]) {
    it(`keeps the rate of a ${bpm} bpm pulse through movement and a baseline step, and says what it left out`, () => {
      const clean = syntheticPulse({
        rate: RATE,
        intervals: regularIntervals(bpm, 90, 0.01),
        noise: 0.02,
        wander: 0.4,
      });
      const moved = withMotion(
        clean,
        [
          { at: 20, seconds: 4 },
          { at: 55, seconds: 3 },
        ],
        40,
      );
      const a = analyzePulse({ rate: RATE, channels: [{ samples: clean }] });
      const b = analyzePulse({ rate: RATE, channels: [{ samples: moved }] });
      expect(Math.abs(a.rateBpm - bpm)).toBeLessThan(1);
      expect(Math.abs(b.rateBpm - bpm)).toBeLessThan(2);
      const ch = b.channels[0]!;
      // The movement is reported, not hidden: fewer beats accepted, intervals left out, lower quality.
      expect(ch.quality.acceptedBeats).toBeLessThan(a.channels[0]!.quality.acceptedBeats);
      expect(b.quality.issues.join(' ')).toMatch(/left out/);
      expect(b.quality.index).toBeLessThanOrEqual(a.quality.index);
      // No pause or irregular rhythm is invented from the artefacts.
      expect(ch.rhythm.pauses).toBe(0);
      expect(b.classes.find((c) => c.group === 'rate')!.zh).toBe(a.classes.find((c) => c.group === 'rate')!.zh);
    });
  }

  it('reads clean pulses from 45 to 160 bpm with a clean averaged beat', () => {
    for (let bpm = 45; bpm <= 160; bpm += 5) {
      // Systole shortens as the rate rises: the beat's waves move closer with the period.
      const k = Math.min(1, 60 / bpm / 0.8);
      const shape = Object.fromEntries(
        Object.entries(DEFAULT_SHAPE).map(([n, w]) => [n, { a: w.a, mu: w.mu * k, sigma: w.sigma * k }]),
      ) as unknown as BeatShape;
      const x = syntheticPulse({
        rate: RATE,
        intervals: regularIntervals(bpm, 60, 0.01),
        noise: 0.02,
        wander: 0.4,
        shape,
      });
      const r = analyzePulse({ rate: RATE, channels: [{ samples: x }] });
      expect(Math.abs(r.rateBpm - bpm), `${bpm} bpm`).toBeLessThan(0.5);
      expect(r.quality.index, `${bpm} bpm`).toBeGreaterThan(0.95);
      // Where the unscaled beat's dicrotic wave falls on the next foot, the rate must still hold.
      const fixed = syntheticPulse({
        rate: RATE,
        intervals: regularIntervals(bpm, 60, 0.01),
        noise: 0.02,
        wander: 0.4,
      });
      expect(
        Math.abs(analyzePulse({ rate: RATE, channels: [{ samples: fixed }] }).rateBpm - bpm),
        `${bpm}`,
      ).toBeLessThan(1);
    }
  });
});
