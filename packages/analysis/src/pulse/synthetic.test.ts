import { describe, expect, it } from 'vitest';
import type { PulseResult } from '@tcm/contract';
import { analyzePulse } from './analyze.js';
import { beatValue, DEFAULT_SHAPE, regularIntervals, syntheticPulse, type BeatShape } from './synthetic.js';

const RATE = 500;

/** Landmarks of the clean periodic wave by brute force on a 0.1 ms grid: the definitions, applied directly. */
function truth(shape: BeatShape, period: number) {
  const f = (tau: number) => {
    let v = 0;
    for (let k = -2; k <= 2; k++) v += beatValue(shape, tau + k * period);
    return v;
  };
  const dt = 1e-4;
  const ts = Array.from({ length: Math.floor(period / dt) }, (_, i) => i * dt - 0.05);
  const ys = ts.map(f);
  const maxima: number[] = [];
  const minima: number[] = [];
  for (let i = 1; i + 1 < ys.length; i++) {
    if (ys[i]! > ys[i - 1]! && ys[i]! >= ys[i + 1]!) maxima.push(i);
    if (ys[i]! < ys[i - 1]! && ys[i]! <= ys[i + 1]!) minima.push(i);
  }
  const foot = ys.indexOf(Math.min(...ys.slice(0, Math.round(0.15 / dt))));
  const p = maxima.reduce((b, i) => (ys[i]! > ys[b]! ? i : b));
  // The notch is the deepest trough after P that a later wave follows (not the final descent).
  const v = minima.filter((i) => i > p && maxima.some((j) => j > i)).reduce((b, i) => (ys[i]! < ys[b]! ? i : b));
  const tW = maxima.filter((i) => i > p && i < v).pop()!;
  const d = maxima.find((i) => i > v)!;
  const base = ys[foot]!;
  const h1 = ys[p]! - base;
  const level = base + (2 / 3) * h1;
  let l = p;
  while (ys[l]! > level) l--;
  let r = p;
  while (ys[r]! > level) r++;
  return {
    h3_h1: (ys[tW]! - base) / h1,
    h4_h1: (ys[v]! - base) / h1,
    h5_h1: (ys[d]! - ys[v]!) / h1,
    t1: (p - foot) * dt,
    t4: (v - foot) * dt,
    w: (r - l) * dt,
  };
}

const run = (intervals: number[], extra: Partial<Parameters<typeof syntheticPulse>[0]> = {}): PulseResult =>
  analyzePulse({
    rate: RATE,
    channels: [{ samples: syntheticPulse({ rate: RATE, intervals, noise: 0.01, wander: 0.4, ...extra }) }],
  });

describe('pulse engine on synthetic beats', () => {
  it('recovers the pulse-diagram ratios and times of a known beat through noise and baseline wander', () => {
    const shapes: BeatShape[] = [
      DEFAULT_SHAPE,
      {
        main: { a: 1, mu: 0.13, sigma: 0.04 },
        tidal: { a: 0.75, mu: 0.27, sigma: 0.045 },
        dicrotic: { a: 0.45, mu: 0.47, sigma: 0.05 },
      },
    ];
    for (const shape of shapes) {
      const period = 0.8;
      const r = run(regularIntervals(75, 60, 0.02), { shape });
      const d = r.channels[0]!.diagram;
      const want = truth(shape, period);
      expect(Math.abs(d.h3_h1! - want.h3_h1)).toBeLessThan(0.04);
      expect(Math.abs(d.h4_h1! - want.h4_h1)).toBeLessThan(0.04);
      expect(Math.abs(d.h5_h1! - want.h5_h1)).toBeLessThan(0.04);
      // The synthetic wave is flat before each upstroke, so its foot (U) is only defined to
      // within that flat stretch: t1 is checked loosely, the notch time from the peak tightly.
      expect(Math.abs(d.t1 - want.t1)).toBeLessThan(0.05);
      expect(Math.abs(d.t4! - d.t1 - (want.t4 - want.t1))).toBeLessThan(0.012);
      expect(Math.abs(d.w! - want.w)).toBeLessThan(0.012);
      expect(Math.abs(d.t - period)).toBeLessThan(0.02);
      expect(Math.abs(d.w_t! - want.w / period)).toBeLessThan(0.02);
    }
  });

  it('classifies rate: 迟 at 50, 平 at 75, 数 at 110 bpm', () => {
    const zh = (r: PulseResult) => r.classes.find((c) => c.group === 'rate')!.zh;
    const slow = run(regularIntervals(50, 40, 0.01));
    expect(Math.abs(slow.rateBpm - 50)).toBeLessThan(0.5);
    expect(zh(slow)).toBe('迟');
    expect(zh(run(regularIntervals(75, 40, 0.01)))).toBe('平');
    const fast = run(regularIntervals(110, 40, 0.01));
    expect(Math.abs(fast.rateBpm - 110)).toBeLessThan(1);
    expect(zh(fast)).toBe('数');
  });

  it('recovers SDNN and RMSSD of a known interval series', () => {
    const rr = regularIntervals(70, 60, 0.03);
    const r = run(rr);
    const mean = rr.reduce((s, v) => s + v, 0) / rr.length;
    const sdnn = Math.sqrt(rr.reduce((s, v) => s + (v - mean) ** 2, 0) / (rr.length - 1)) * 1000;
    const rmssd = Math.sqrt(rr.slice(1).reduce((s, v, i) => s + (v - rr[i]!) ** 2, 0) / (rr.length - 1)) * 1000;
    expect(Math.abs(r.channels[0]!.hrv.sdnnMs - sdnn)).toBeLessThan(0.1 * sdnn);
    expect(Math.abs(r.channels[0]!.hrv.rmssdMs - rmssd)).toBeLessThan(0.1 * rmssd);
  });

  it('finds pauses and reads 代 (regular), 结 (slow, irregular) and 促 (rapid, irregular)', () => {
    const rhythm = (r: PulseResult) => r.classes.find((c) => c.group === 'rhythm')?.zh;
    // 代: every fifth interval is a long pause.
    const regular = regularIntervals(72, 50).map((v, k) => (k % 5 === 4 ? v * 2 : v));
    const dai = run(regular);
    expect(dai.channels[0]!.rhythm.pauses).toBe(regular.filter((_, k) => k % 5 === 4).length);
    expect(rhythm(dai)).toBe('代');
    const irregularAt = new Set([3, 11, 14, 27, 33]);
    const jie = run(regularIntervals(55, 45).map((v, k) => (irregularAt.has(k) ? v * 1.8 : v)));
    expect(jie.channels[0]!.rhythm.pauses).toBe(5);
    expect(rhythm(jie)).toBe('结');
    // At 110 bpm the waves crowd into a shorter cycle, as they do in vivo.
    const fastShape: BeatShape = {
      main: { a: 1, mu: 0.11, sigma: 0.035 },
      tidal: { a: 0.5, mu: 0.21, sigma: 0.03 },
      dicrotic: { a: 0.3, mu: 0.34, sigma: 0.04 },
    };
    const cu = run(
      regularIntervals(110, 30).map((v, k) => (irregularAt.has(k) ? v * 1.8 : v)),
      { shape: fastShape },
    );
    expect(rhythm(cu)).toBe('促');
    expect(rhythm(run(regularIntervals(72, 30)))).toBeUndefined();
  });

  it('reads 浮 and 沉 from a pressure series where the main wave is largest', () => {
    const at = (scales: number[], levels: ('浮' | '中' | '沉')[]) =>
      analyzePulse({
        rate: 250,
        channels: scales.map((s, i) => ({
          samples: syntheticPulse({
            rate: 250,
            intervals: regularIntervals(70, 20),
            scale: s,
            noise: 0.01,
            seed: i + 1,
          }),
          position: '关' as const,
          pressure: levels[i]!,
        })),
      }).classes.find((c) => c.group === 'depth')?.zh;
    expect(at([1, 0.6, 0.3], ['浮', '中', '沉'])).toBe('浮');
    expect(at([0.3, 0.6, 1], ['浮', '中', '沉'])).toBe('沉');
    expect(at([0.5, 1, 0.6], ['浮', '中', '沉'])).toBe('中');
  });
});
