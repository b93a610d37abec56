// Issue 18 item 4: a CSV whose time column is named as devices and exports name it, in s, ms or
// µs, with rounded, jittery or gapped stamps, gives its sample rate; when no rate can be found
// the message names the columns and the --rate option. The CSVs are written here from the
// shared BIDMC recording (PLETH at 125 Hz, 60 s of it), never stored.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PULSE_ERRORS, pulseRateMissingText } from '@tcm/contract';
import { isEngineError } from '../common/index.js';
import { analyzePulse } from './analyze.js';
import { readPulseFile } from './input.js';
import { findTimeColumn, rateFromTimes, stepOf, timeUnitOf } from './time-column.js';

const RATE = 125;
/** 60 s of PLETH from bidmc01.csv (the ECG of that record gives about 91.5 bpm). */
const pleth: number[] = readFileSync(
  fileURLToPath(new URL('../../../../../shared/data/pulse/bidmc01.csv', import.meta.url)),
  'utf8',
)
  .split('\n')
  .slice(1, 1 + 60 * RATE)
  .map((l) => Number(l.split(',')[2]));

/** A CSV of the recording with a time column `name` whose value for sample i is `stamp(i)`. */
const csv = (name: string, stamp: (i: number) => string, delim = ',') =>
  new TextEncoder().encode(`${name}${delim}PPG\n` + pleth.map((v, i) => `${stamp(i)}${delim}${v}`).join('\n'));

const seconds = (i: number) => i / RATE;
/** A fixed pseudo-random sequence in [-1, 1] (a device clock's jitter, repeatable). */
const jitter = (i: number) => Math.sin(i * 12.9898) * 43758.5453 - Math.floor(Math.sin(i * 12.9898) * 43758.5453) - 0.5;

describe('pulse time columns (issue 18 item 4)', () => {
  it.each([
    ['time_s', (i: number) => seconds(i).toFixed(3)],
    ['Time (s)', (i: number) => seconds(i).toFixed(3)],
    ['Time [s]', (i: number) => seconds(i).toFixed(3)],
    ['t_ms', (i: number) => String(seconds(i) * 1000)],
    ['Time (ms)', (i: number) => String(i * 8)],
    ['time_us', (i: number) => String(i * 8000)],
    ['Time [µs]', (i: number) => String(i * 8000)],
    ['elapsed-sec', (i: number) => seconds(i).toFixed(4)],
    // no unit in the name: read as s, ms or µs, whichever gives an accepted rate
    ['timestamp', (i: number) => String(1_764_115_200_000 + i * 8)],
    ['time', (i: number) => seconds(i).toFixed(3)],
    ['t', (i: number) => String(i * 8000)],
  ])('%s gives 125 Hz and the pulse rate of the recording', (name, stamp) => {
    const capture = readPulseFile(csv(name, stamp), 'device-export.csv');
    expect(capture.rate).toBeCloseTo(RATE, 6);
    const result = analyzePulse(capture);
    expect(Math.abs(result.rateBpm - 91.5)).toBeLessThan(3);
  });

  it('rounded stamps (300 Hz in whole ms: steps 3, 3, 4) give the mean step, not the median', () => {
    const t = Array.from({ length: 3000 }, (_, i) => Math.round((i * 1000) / 300));
    expect(rateFromTimes(t, 1e-3)).toBeCloseTo(300, 1);
    // stamps coarser than the samples (125 Hz stamped to 0.1 s): the span over the count
    expect(
      rateFromTimes(
        Array.from({ length: 1250 }, (_, i) => Math.floor(i / 12.5) / 10),
        1,
      ),
    ).toBeCloseTo(125, 0);
  });

  it('jitter of ±40 % of a step, a gap and a glitch are tolerated (±50 % of the median step)', () => {
    const stamp = (i: number) => {
      const t = i * 8 + 3.2 * jitter(i) * 2 + (i >= 4000 ? 400 : 0); // 50 samples lost at 32 s
      return (i === 5000 ? t + 1000 : t).toFixed(1); // one stamp off by a second
    };
    const capture = readPulseFile(csv('Timestamp (ms)', stamp), 'phone.csv');
    expect(Math.abs(capture.rate - RATE)).toBeLessThan(0.5);
  });

  it('names: what is time and its unit, what is not', () => {
    expect(timeUnitOf('time_s')).toBe(1);
    expect(timeUnitOf('Time (s)')).toBe(1);
    expect(timeUnitOf('t_ms')).toBe(1e-3);
    expect(timeUnitOf('TIME[us]')).toBe(1e-6);
    expect(timeUnitOf('time μs')).toBe(1e-6);
    expect(timeUnitOf('timestamp')).toBeUndefined();
    expect(timeUnitOf('ms')).toBe(1e-3);
    for (const name of ['PLETH', 'pulse_time', 'sample', 'RESP', 'value', 's1']) expect(timeUnitOf(name)).toBeNull();
    expect(findTimeColumn(['PPG', 'Time (s)', 't'])).toEqual({ index: 1, unit: 1 });
  });

  it('irregular stamps give no step; the message then names the columns, the time column and --rate', () => {
    expect(stepOf(Array.from({ length: 100 }, (_, i) => i * i))).toBeUndefined();
    const noise = csv('time_s', (i) => String(i % 7 === 0 ? i : Math.random() * 60));
    const bare = new TextEncoder().encode('when,PPG\n' + pleth.map((v, i) => `${i},${v}`).join('\n'));
    for (const [bytes, time] of [
      [noise, 'time_s'],
      [bare, undefined],
    ] as const) {
      let error: unknown;
      try {
        readPulseFile(bytes, 'export.csv');
      } catch (e) {
        error = e;
      }
      if (!isEngineError(error)) throw new Error('expected an EngineError');
      expect(error.code).toBe(PULSE_ERRORS.PULSE_RATE_MISSING.code);
      const texts = pulseRateMissingText(time ? ['time_s', 'PPG'] : ['when', 'PPG'], time);
      expect(error.message).toBe(texts.en);
      expect(error.texts).toEqual(texts);
      for (const text of [texts.en, texts.zh]) {
        expect(text).toContain('"PPG"');
        expect(text).toContain('--rate');
        if (time) expect(text).toContain('"time_s"');
      }
      expect(error.detail).toMatchObject({ columns: time ? ['time_s', 'PPG'] : ['when', 'PPG'] });
    }
  });
});
