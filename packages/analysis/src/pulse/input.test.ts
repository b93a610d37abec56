import { describe, expect, it } from 'vitest';
import { PULSE_ERRORS } from '@tcm/contract';
import { encodeWav16, errorCodeOf } from '../signal/index.js';
import { analyzePulse } from './analyze.js';
import { readPulseFile } from './input.js';
import { regularIntervals, syntheticPulse } from './synthetic.js';

const enc = (s: string) => new TextEncoder().encode(s);
const wave = (rate: number, bpm = 72, seconds = 20) =>
  syntheticPulse({ rate, intervals: regularIntervals(bpm, seconds), noise: 0.01 });
const codeOf = errorCodeOf;
const analyze = (bytes: Uint8Array, name: string, opts = {}) => analyzePulse(readPulseFile(bytes, name, opts));

describe('pulse input', () => {
  it('reads CSV with a time column in ms, picks a column by name or index, and rejects a missing one', () => {
    const x = wave(200);
    const csv = 'time [ms];other;sensor\n' + Array.from(x, (v, i) => `${i * 5};1;${v}`).join('\n');
    const byName = analyze(enc(csv), 'a.csv', { column: 'SENSOR' });
    expect(byName.sampleRateHz).toBe(200);
    expect(Math.abs(byName.rateBpm - 72)).toBeLessThan(1);
    expect(analyze(enc(csv), 'a.csv', { column: '2' }).rateBpm).toBe(byName.rateBpm);
    expect(codeOf(() => readPulseFile(enc(csv), 'a.csv', { column: 'nope' }))).toBe(
      PULSE_ERRORS.PULSE_COLUMN_NOT_FOUND.code,
    );
    expect(codeOf(() => readPulseFile(enc(Array.from(x).join('\n')), 'b.csv'))).toBe(
      PULSE_ERRORS.PULSE_RATE_MISSING.code,
    );
    expect(readPulseFile(enc(Array.from(x).join('\n')), 'b.csv', { rate: 200 }).rate).toBe(200);
  });

  it('reads JSON with one series (bridging a few nulls) and with several channels', () => {
    const x = Array.from(wave(100), (v, i) => (i % 97 === 0 ? null : v));
    const one = analyze(enc(JSON.stringify({ rate: 100, samples: x })), 'a.json');
    expect(Math.abs(one.rateBpm - 72)).toBeLessThan(1);
    expect(one.quality.issues.join(' ')).toContain('missing samples bridged');
    const multi = analyze(
      enc(
        JSON.stringify({
          rate: 100,
          channels: ['寸', '关', '尺'].map((position) => ({
            position,
            pressure: '中',
            samples: Array.from(wave(100)),
          })),
        }),
      ),
      'b.json',
    );
    expect(multi.channels.map((c) => c.position)).toEqual(['寸', '关', '尺']);
    expect(codeOf(() => readPulseFile(enc('{"rate": "fast"}'), 'c.json'))).toBe(PULSE_ERRORS.PULSE_UNREADABLE.code);
  });

  it('reads WAV', () => {
    const x = wave(500);
    const peak = Math.max(...x.map(Math.abs));
    const r = analyze(encodeWav16([Float32Array.from(x, (v) => (0.8 * v) / peak)], 500), 'p.wav');
    expect(Math.abs(r.rateBpm - 72)).toBeLessThan(1);
  });

  it('rejects short, flat, clipped, noisy, invalid and implausible signals with their codes', () => {
    const E = PULSE_ERRORS;
    const json = (samples: ArrayLike<number | null>, rate = 100) =>
      enc(JSON.stringify({ rate, samples: Array.from(samples) }));
    expect(codeOf(() => analyze(json(wave(100, 72, 8).subarray(0, 900)), 's.json'))).toBe(E.PULSE_TOO_SHORT.code);
    expect(codeOf(() => analyze(json(new Float64Array(2000).fill(3)), 'f.json'))).toBe(E.PULSE_FLAT.code);
    const clipped = wave(100).map((v) => Math.min(v, 0.5));
    expect(codeOf(() => analyze(json(clipped), 'c.json'))).toBe(E.PULSE_CLIPPED.code);
    let seed = 3;
    const noise = Array.from({ length: 3000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5);
    expect(codeOf(() => analyze(json(noise), 'n.json'))).toBe(E.PULSE_NOISY.code);
    const holes = Array.from(wave(100), (v, i) => (i % 10 === 0 ? null : v));
    expect(codeOf(() => analyze(json(holes), 'h.json'))).toBe(E.PULSE_BAD_SAMPLES.code);
    const fast = Array.from({ length: 3000 }, (_, i) => Math.sin((2 * Math.PI * 3.85 * i) / 100) ** 9);
    expect(codeOf(() => analyze(json(fast), 'r.json'))).toBe(E.PULSE_RATE_IMPLAUSIBLE.code);
    expect(codeOf(() => analyze(json(wave(100, 25, 60)), 'l.json'))).toBe(E.PULSE_RATE_IMPLAUSIBLE.code);
  });

  it('never crashes on garbage bytes, broken text or lying WAV headers', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const good = encodeWav16([Float32Array.from(wave(250), (v) => v / 2)], 250);
    const inputs: Uint8Array[] = [
      new Uint8Array(0),
      enc('{'),
      enc('a,b\n1,x\n'),
      enc('NaN\nNaN\nNaN'),
      enc('{"rate":100,"samples":[1e308,-1e308]}'),
    ];
    for (let k = 0; k < 30; k++) {
      inputs.push(Uint8Array.from({ length: Math.floor(rnd() * 3000) }, () => Math.floor(rnd() * 256)));
      const cut = good.slice(0, Math.floor(rnd() * good.length));
      new DataView(cut.buffer).setUint32(40 % Math.max(1, cut.length - 3), 0xfffffff0, true);
      inputs.push(cut);
    }
    for (const bytes of inputs) {
      const code = codeOf(() => analyze(bytes, 'x.bin', { rate: 100 }));
      if (code !== undefined) {
        expect(code).toBeGreaterThanOrEqual(3300000);
        expect(code).toBeLessThan(3400000);
      }
    }
  });
});
