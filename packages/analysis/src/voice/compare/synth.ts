/**
 * Synthetic sustained vowels for the Praat comparison (never used by the engine itself): a
 * Rosenberg glottal pulse per period with random period (jitter) and amplitude (shimmer)
 * perturbation, slow drift and vibrato of F0, aspiration noise, and a cascade of formant
 * resonators. Computed sample by sample from continuous time, so the same voice can be written
 * at any sample rate. Seeded, so every run gives the same samples; Praat's measures of them are
 * stored once (praat-reference.json) and the test needs only our engine.
 */
export interface VoiceSpec {
  f0: number;
  seconds: number;
  /** Relative SD of each period (Gaussian). */
  jitter: number;
  /** Relative SD of each pulse's amplitude (Gaussian). */
  shimmer: number;
  /**
   * Aspiration noise: SD relative to the peak of the pulses' derivative, for a 16 kHz recording
   * (scaled with the rate so that the noise below 8 kHz is the same at every rate).
   */
  noise: number;
  /** Vibrato depth (relative) at 5.5 Hz; drift is a 0.3 Hz sway of twice this depth. */
  vibrato: number;
  /** Formant frequencies and bandwidths (Hz). */
  formants: readonly (readonly [number, number])[];
  seed: number;
}

export const FEMALE_A: VoiceSpec['formants'] = [
  [900, 90],
  [1400, 110],
  [2800, 170],
  [4000, 250],
];
export const MALE_A: VoiceSpec['formants'] = [
  [730, 80],
  [1090, 100],
  [2440, 150],
  [3400, 250],
];

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function uniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(seed: number): () => number {
  const u = uniform(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

/** Pulse onsets (s) and amplitudes: the same for every sample rate. */
function pulses(v: VoiceSpec): { t: number[]; amp: number[] } {
  const g = gaussian(v.seed);
  const t: number[] = [];
  const amp: number[] = [];
  let time = 0.1;
  while (time < v.seconds - 0.1) {
    t.push(time);
    amp.push(Math.max(0.2, 1 + v.shimmer * g()));
    const f =
      v.f0 * (1 + v.vibrato * Math.sin(2 * Math.PI * 5.5 * time) + 2 * v.vibrato * Math.sin(2 * Math.PI * 0.3 * time));
    time += (1 + v.jitter * g()) / f;
  }
  t.push(time);
  return { t, amp };
}

/** Rosenberg glottal flow at phase p of a period (opening 40 %, closing 16 %, then closed). */
function rosenberg(p: number): number {
  const open = 0.4;
  const close = 0.16;
  if (p < open) return 0.5 * (1 - Math.cos((Math.PI * p) / open));
  if (p < open + close) return Math.cos((Math.PI * (p - open)) / (2 * close));
  return 0;
}

/** The voice at `rate` Hz, peak-normalized to `peak`. */
export function synthVoice(v: VoiceSpec, rate: number, peak = 0.5): Float32Array {
  const n = Math.round(v.seconds * rate);
  const { t, amp } = pulses(v);
  const noise = gaussian(v.seed + 1);
  const flow = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const time = (i + 0.5) / rate;
    while (k + 1 < t.length && t[k + 1]! <= time) k++;
    const inside = time >= t[0]! && k + 1 < t.length;
    flow[i] = inside ? amp[k]! * rosenberg((time - t[k]!) / (t[k + 1]! - t[k]!)) : 0;
  }
  // Lip radiation (first difference, scaled to the rate) plus aspiration noise during phonation.
  let y = new Float64Array(n);
  const scale = rate / 10000;
  const peakSlope = ((Math.PI / 2) * v.f0) / (0.16 * 10000); // the closing phase's steepest descent
  const noiseSd = v.noise * peakSlope * Math.sqrt(rate / 16000);
  for (let i = 1; i < n; i++) y[i] = (flow[i]! - flow[i - 1]!) * scale + (flow[i]! > 0 ? noiseSd * noise() : 0);
  // Formants too close to the Nyquist frequency are left out (as a recorder's anti-alias filter would).
  for (const [fc, bw] of v.formants.filter(([fc]) => fc < 0.499 * rate)) {
    const r = Math.exp((-Math.PI * bw) / rate);
    const a1 = 2 * r * Math.cos((2 * Math.PI * fc) / rate);
    const a2 = -r * r;
    const gain = 1 - a1 - a2; // unit gain at 0 Hz
    const z = new Float64Array(n);
    for (let i = 0; i < n; i++) z[i] = gain * y[i]! + a1 * (z[i - 1] ?? 0) + a2 * (z[i - 2] ?? 0);
    y = z;
  }
  let top = 0;
  for (const s of y) top = Math.max(top, Math.abs(s));
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (peak * y[i]!) / top;
  return out;
}
