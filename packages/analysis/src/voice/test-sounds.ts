/** Synthetic test sounds for the voice engine's tests (never used by the engine itself). */

/** A synthetic vowel: glottal-like pulse train at f0 (Hz) through two resonances. */
export function vowel(f0: number, rate: number, seconds: number, amp = 0.5, jitter = 0, noise = 0): Float32Array {
  const n = Math.round(rate * seconds);
  const src = new Float64Array(n);
  let t = 0.05;
  let k = 0;
  while (t < seconds - 0.05) {
    const i = Math.round(t * rate);
    if (i < n) src[i] = 1;
    t += (1 + (k++ % 2 ? jitter : -jitter)) / f0;
  }
  const out = new Float32Array(n);
  const res = [
    [700, 80],
    [1200, 100],
  ] as const;
  let y = Float64Array.from(src);
  for (const [fc, bw] of res) {
    const r = Math.exp((-Math.PI * bw) / rate);
    const a1 = -2 * r * Math.cos((2 * Math.PI * fc) / rate);
    const a2 = r * r;
    const z = new Float64Array(n);
    for (let i = 0; i < n; i++) z[i] = y[i]! - a1 * (z[i - 1] ?? 0) - a2 * (z[i - 2] ?? 0);
    y = z;
  }
  let peak = 0;
  for (const v of y) peak = Math.max(peak, Math.abs(v));
  // Optional white noise (relative to the peak), from a fixed seed so tests are repeatable.
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5;
  for (let i = 0; i < n; i++) out[i] = amp * (y[i]! / peak + (noise ? 2 * noise * rnd() : 0));
  return out;
}
