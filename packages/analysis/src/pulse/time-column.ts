// The sample rate of a CSV from its time column, as devices and exports name and write it:
// `time`, `t`, `timestamp`, `time_s`, `Time (s)`, `t_ms`, `Time [µs]`, `elapsed-sec`... and time
// stamps that are rounded (300 Hz written in whole milliseconds: steps 3, 3, 4 ms) or jittery
// (a phone app's clock), with an occasional gap or glitch.

/** Seconds per unit, by the unit words a column name may carry. */
const UNITS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  ms: 1e-3,
  msec: 1e-3,
  millis: 1e-3,
  millisecond: 1e-3,
  milliseconds: 1e-3,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  usec: 1e-6,
  microsecond: 1e-6,
  microseconds: 1e-6,
  ns: 1e-9,
};
/** Words that make a column a time column. */
const TIME_WORDS = new Set(['time', 't', 'timestamp', 'ts', 'elapsed', 'times']);

export interface TimeColumn {
  index: number;
  /** Seconds per unit of the values, when the name says it (`time_s`, `t_ms`, `Time (µs)`). */
  unit?: number;
}

/**
 * The name's words: split at spaces, `_`, `-`, `.`, `/`, and brackets of any kind, lower case.
 * "Time (s)" -> time, s; "t_ms" -> t, ms; "Time[us]" -> time, us.
 */
const words = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[\s_\-./()[\]{}]+/)
    .filter(Boolean);

/** The column's time unit (seconds per unit, undefined when unstated), or null when not time. */
export function timeUnitOf(name: string): number | undefined | null {
  const w = words(name);
  // A time column is made of time words and unit words only, with at least one time word, or
  // is a unit alone ("ms", "seconds"): "pulse_time" or "sample" are not time.
  if (!w.length || !w.every((x) => TIME_WORDS.has(x) || x in UNITS)) return null;
  if (!w.some((x) => TIME_WORDS.has(x)) && w.length !== 1) return null;
  const unit = [...w].reverse().find((x) => x in UNITS);
  return unit ? UNITS[unit] : undefined;
}

/** The first column named like time, with its unit. */
export function findTimeColumn(names: readonly string[]): TimeColumn | undefined {
  for (let index = 0; index < names.length; index++) {
    const unit = timeUnitOf(names[index]!);
    if (unit !== null) return { index, unit };
  }
  return undefined;
}

/** Stamps per window: rounding to a stamp's last digit then moves a window's step by 1 %. */
export const WINDOW = 100;
/** A window whose mean step is within ±25 % of the median window's is regular. */
export const STEP_TOLERANCE = 0.25;
/** At least this share of the windows must be regular for the column to give a rate. */
export const REGULAR_SHARE = 0.8;

/**
 * The sample step of a time series, in its own unit, or undefined when its stamps are not
 * regular. The stamps are cut into windows of WINDOW samples (fewer for a short series) and each
 * window's mean step is its span over its count: rounding (300 Hz in whole ms: 3, 3, 4 ms;
 * BIDMC's 125 Hz in 0.01 s after ten seconds: steps of 0 and 10 ms) and a clock's jitter average
 * out within a window, where a per-step median would be off by a third. Windows within ±25 % of
 * the median window are regular; the others (a gap of dropped samples, a glitch, stamps that go
 * back) are left out, and the step is the regular windows' total span over their total count.
 * Fewer than 80 % regular windows: the stamps are irregular, there is no step.
 */
export function stepOf(t: ArrayLike<number>): number | undefined {
  const stamps = Array.from(t).filter(Number.isFinite);
  const width = Math.max(1, Math.min(WINDOW, Math.floor(stamps.length / 20)));
  const spans: number[] = [];
  for (let i = 0; i + width < stamps.length; i += width) spans.push(stamps[i + width]! - stamps[i]!);
  if (spans.length < 2) return undefined;
  const med = Float64Array.from(spans).sort()[spans.length >> 1]!;
  if (!(med > 0)) return undefined;
  let total = 0;
  let regular = 0;
  for (const span of spans)
    if (Math.abs(span - med) <= STEP_TOLERANCE * med) {
      total += span;
      regular++;
    }
  return regular >= REGULAR_SHARE * spans.length ? total / (regular * width) : undefined;
}

/** Sample rates the engine accepts (Hz), also used to read a time column without a unit. */
export const MIN_RATE = 20;
export const MAX_RATE = 10000;

/**
 * The rate (Hz) from a time column's values. With a unit in the name it is used; without
 * ("time", "timestamp") the values are read as seconds, else milliseconds, else microseconds,
 * whichever first gives a rate the engine accepts (20–10,000 Hz): the three ranges of steps do
 * not overlap (0.1–50 ms, 0.1–50 s x 1e-3, ...), so the reading is unambiguous.
 */
export function rateFromTimes(t: ArrayLike<number>, unit: number | undefined): number | undefined {
  const step = stepOf(t);
  if (step === undefined || !(step > 0)) return undefined;
  if (unit !== undefined) return 1 / (step * unit);
  for (const u of [1, 1e-3, 1e-6]) {
    const rate = 1 / (step * u);
    if (rate >= MIN_RATE && rate <= MAX_RATE) return rate;
  }
  return undefined;
}
