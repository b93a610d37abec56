import { describe, expect, it } from 'vitest';
import { analysePulse } from './analyse.js';
import { regularIntervals, syntheticPulse } from './synthetic.js';

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
  for (const bpm of [58, 76, 96]) {
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
      const a = analysePulse({ rate: RATE, channels: [{ samples: clean }] });
      const b = analysePulse({ rate: RATE, channels: [{ samples: moved }] });
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
});
