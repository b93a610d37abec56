import type { PulseChannelResult, PulseClass, PulseResult } from '@tcm/contract';
import { isEngineError } from '../common/index.js';
import { round } from '../signal/index.js';
import { analyzeChannel } from './channel.js';
import { depthClass, rateClass, rhythmClass, shapeClasses } from './classes.js';
import type { PulseCapture } from './input.js';

export const PULSE_ENGINE_VERSION = 'pulse@0.1.0';

/** Analyses a capture: per-channel rate (bpm), rhythm, HRV (ms), pulse diagram, and pulse classes. */
export function analyzePulse(capture: PulseCapture): PulseResult {
  const channels: PulseChannelResult[] = [];
  let firstError: unknown;
  for (const c of capture.channels) {
    try {
      channels.push({
        position: c.position ?? null,
        pressure: c.pressure ?? null,
        ...analyzeChannel(c.samples, capture.rate),
      });
    } catch (e) {
      // With several channels one bad one is reported, not fatal; a single channel's error is.
      if (!isEngineError(e) || capture.channels.length === 1) throw e;
      firstError ??= e;
    }
  }
  if (!channels.length) throw firstError;
  const best = channels.reduce((b, c) => (c.quality.index > b.quality.index ? c : b));
  const classes: PulseClass[] = [rateClass(best)];
  const rhythm = rhythmClass(best);
  if (rhythm) classes.push(rhythm);
  classes.push(...shapeClasses(best, capture.unit));
  const depth = depthClass(channels);
  if (depth) classes.push(depth);
  const issues = channels.flatMap((c) => c.quality.issues);
  if (channels.length < capture.channels.length)
    issues.push(`${capture.channels.length - channels.length} channel(s) could not be analyzed`);
  const n = Math.max(...capture.channels.map((c) => c.samples.length));
  return {
    version: { engine: PULSE_ENGINE_VERSION },
    sampleRateHz: round(capture.rate, 4),
    durationS: round(n / capture.rate, 2),
    quality: { index: best.quality.index, issues },
    rateBpm: best.rateBpm,
    channels,
    classes,
  };
}
