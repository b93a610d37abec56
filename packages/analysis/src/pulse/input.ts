import { PULSE_ERRORS, pulseJsonInputSchema, pulseRateMissingText } from '@tcm/contract';
import { EngineError } from '../common/index.js';
import { isWavError, parseWav } from '../signal/index.js';
import { findTimeColumn, MAX_RATE, MIN_RATE, rateFromTimes } from './time-column.js';

/** One waveform channel of a capture. */
export interface PulseChannelInput {
  samples: Float64Array;
  position?: '寸' | '关' | '尺';
  pressure?: '浮' | '中' | '沉' | number;
  forceUnit?: string;
}

/** A pulse capture: sample rate (Hz) and one or more channels. */
export interface PulseCapture {
  rate: number;
  unit?: string;
  channels: PulseChannelInput[];
}

export interface PulseReadOptions {
  /** CSV column: header name (case-insensitive) or 0-based index. */
  column?: string;
  /** Sample rate (Hz); overrides what the file says. */
  rate?: number;
}

const unreadable = (reason: string) => new EngineError(PULSE_ERRORS.PULSE_UNREADABLE, { reason });

/** Reads CSV, JSON or WAV bytes into a capture; throws EngineError with a 33xxxxx code. */
export function readPulseFile(bytes: Uint8Array, fileName: string, opts: PulseReadOptions = {}): PulseCapture {
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF') return fromWav(bytes, opts);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000')) throw unreadable('binary data that is neither WAV, CSV nor JSON');
  const lead = text.trimStart()[0];
  const capture = lead === '{' ? fromJson(text, opts) : fromCsv(text, fileName, opts);
  return capture;
}

function checkRate(rate: number | undefined): number {
  if (rate === undefined || !Number.isFinite(rate) || rate < MIN_RATE || rate > MAX_RATE)
    throw new EngineError(PULSE_ERRORS.PULSE_RATE_MISSING, { rate: rate ?? null });
  return rate;
}

function fromWav(bytes: Uint8Array, opts: PulseReadOptions): PulseCapture {
  try {
    const w = parseWav(bytes);
    const ch = opts.column !== undefined ? Number(opts.column) : 0;
    const data = w.channels[Number.isInteger(ch) ? ch : -1];
    if (!data) throw new EngineError(PULSE_ERRORS.PULSE_COLUMN_NOT_FOUND, { column: opts.column });
    return { rate: checkRate(opts.rate ?? w.sampleRate), channels: [{ samples: Float64Array.from(data) }] };
  } catch (e) {
    if (isWavError(e)) throw unreadable(String(e.detail?.reason));
    throw e;
  }
}

const toNum = (v: number | null): number => (v === null ? NaN : v);

function fromJson(text: string, opts: PulseReadOptions): PulseCapture {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw unreadable('invalid JSON');
  }
  const parsed = pulseJsonInputSchema.safeParse(raw);
  if (!parsed.success)
    throw unreadable(
      `JSON does not match { rate, samples } or { rate, channels }: ${parsed.error.issues[0]?.message ?? ''}`,
    );
  const j = parsed.data;
  const rate = checkRate(opts.rate ?? j.rate);
  if ('samples' in j) return { rate, unit: j.unit, channels: [{ samples: Float64Array.from(j.samples, toNum) }] };
  return {
    rate,
    unit: j.unit,
    channels: j.channels.map((c) => ({
      samples: Float64Array.from(c.samples, toNum),
      position: c.position,
      pressure: c.pressure,
      forceUnit: c.forceUnit,
    })),
  };
}

const isNumber = (s: string): boolean => s.trim() !== '' && Number.isFinite(Number(s));

function fromCsv(text: string, fileName: string, opts: PulseReadOptions): PulseCapture {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  if (lines.length < 2) throw unreadable('fewer than two rows');
  const first = lines[0]!;
  const delim = first.includes(',') ? ',' : first.includes('\t') ? '\t' : first.includes(';') ? ';' : /\s+/;
  const split = (l: string) => l.split(delim).map((c) => c.trim().replace(/^"|"$/g, ''));
  const head = split(first);
  const hasHeader = head.some((c) => c !== '' && !isNumber(c) && c.toLowerCase() !== 'nan');
  const names = hasHeader ? head : head.map((_, i) => `column ${i}`);
  const rows = (hasHeader ? lines.slice(1) : lines).map(split);
  const time = hasHeader ? findTimeColumn(names) : undefined;
  const timeCol = time?.index ?? -1;
  let col: number;
  if (opts.column !== undefined) {
    const byName = names.findIndex((n) => n.toLowerCase() === opts.column!.toLowerCase());
    col = byName >= 0 ? byName : /^\d+$/.test(opts.column) ? Number(opts.column) : -1;
    if (col < 0 || col >= names.length)
      throw new EngineError(PULSE_ERRORS.PULSE_COLUMN_NOT_FOUND, { column: opts.column, columns: names });
  } else {
    // Default: a column named like a pulse wave, else the first that is not time.
    const named = names.findIndex((n) => /pleth|ppg|pulse|wave|pressure/i.test(n));
    col = named >= 0 ? named : names.findIndex((_, i) => i !== timeCol);
    if (col < 0) throw new EngineError(PULSE_ERRORS.PULSE_COLUMN_NOT_FOUND, { columns: names });
  }
  const samples = Float64Array.from(rows, (r) => (r[col] !== undefined && isNumber(r[col]!) ? Number(r[col]) : NaN));
  let rate = opts.rate;
  if (rate === undefined && time) {
    const fromTimes = rateFromTimes(
      rows.map((r) => (r[timeCol] !== undefined && isNumber(r[timeCol]) ? Number(r[timeCol]) : NaN)),
      time.unit,
    );
    if (fromTimes !== undefined && fromTimes >= MIN_RATE && fromTimes <= MAX_RATE) rate = fromTimes;
  }
  // Last resort: a rate written in the file name ("...-125hz.csv").
  const fromName = /(\d+(?:\.\d+)?)\s*hz/i.exec(fileName);
  if (rate === undefined && fromName) rate = Number(fromName[1]);
  if (rate === undefined)
    throw new EngineError(
      PULSE_ERRORS.PULSE_RATE_MISSING,
      { columns: names, timeColumn: time ? names[timeCol] : null },
      'en',
      pulseRateMissingText(names, time ? names[timeCol] : undefined),
    );
  return { rate: checkRate(rate), channels: [{ samples }] };
}
