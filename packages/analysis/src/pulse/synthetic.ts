/**
 * Synthetic pulse waves for tests and benchmarks: each beat is a sum of three Gaussian waves
 * (main P, tidal T, dicrotic D) placed after its onset, with baseline wander, white noise and
 * any sequence of beat intervals. Deterministic (seeded noise).
 */
export interface Wave {
  /** Amplitude (input units). */
  a: number;
  /** Center after the beat onset (s). */
  mu: number;
  /** Width, standard deviation (s). */
  sigma: number;
}

export interface BeatShape {
  main: Wave;
  tidal: Wave;
  dicrotic: Wave;
}

export const DEFAULT_SHAPE: BeatShape = {
  main: { a: 1, mu: 0.15, sigma: 0.045 },
  tidal: { a: 0.55, mu: 0.29, sigma: 0.04 },
  dicrotic: { a: 0.3, mu: 0.5, sigma: 0.05 },
};

export interface SyntheticOptions {
  rate: number;
  /** Beat intervals (s); the wave lasts their sum plus one second. */
  intervals: readonly number[];
  shape?: BeatShape;
  scale?: number;
  noise?: number;
  /** Baseline wander amplitude (units) at 0.2 Hz. */
  wander?: number;
  seed?: number;
}

/** Value of one beat `tau` seconds after its onset. */
export function beatValue(shape: BeatShape, tau: number): number {
  let v = 0;
  for (const w of [shape.main, shape.tidal, shape.dicrotic])
    v += w.a * Math.exp(-((tau - w.mu) ** 2) / (2 * w.sigma * w.sigma));
  return v;
}

/** Builds the samples of a synthetic pulse recording. */
export function syntheticPulse(o: SyntheticOptions): Float64Array {
  const shape = o.shape ?? DEFAULT_SHAPE;
  const total = o.intervals.reduce((s, v) => s + v, 0) + 1;
  const n = Math.round(total * o.rate);
  const x = new Float64Array(n);
  let seed = o.seed ?? 1;
  const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  let onset = 0.5;
  const onsets = [onset];
  for (const iv of o.intervals) onsets.push((onset += iv));
  for (const on of onsets) {
    const a = Math.max(0, Math.floor((on - 0.1) * o.rate));
    const b = Math.min(n - 1, Math.ceil((on + 1.2) * o.rate));
    for (let i = a; i <= b; i++) x[i] = x[i]! + beatValue(shape, i / o.rate - on) * (o.scale ?? 1);
  }
  for (let i = 0; i < n; i++) {
    const t = i / o.rate;
    const g = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
    x[i] = x[i]! + (o.wander ?? 0) * Math.sin(2 * Math.PI * 0.2 * t) + (o.noise ?? 0) * g;
  }
  return x;
}

/** Regular intervals of `bpm` for `seconds`, with a small alternating variation (fraction). */
export function regularIntervals(bpm: number, seconds: number, variation = 0): number[] {
  const rr = 60 / bpm;
  return Array.from({ length: Math.floor(seconds / rr) }, (_, k) => rr * (1 + (k % 2 ? variation : -variation)));
}
