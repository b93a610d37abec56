import type { PulseWave } from '@tcm/contract';
import { readPulseFile } from './input.js';

/** Seconds of the recording a drawn wave shows: enough to see the wave's shape. */
const WAVE_SECONDS = 8;
/** Most points a drawn wave keeps (a chart on a phone, a PDF figure). */
const WAVE_POINTS = 2000;

/**
 * The pulse waveform the result page and the PDF draw: the first eight seconds of the file's
 * first channel, at most 2000 points. Read here, beside the pulse engine that reads the same
 * file, so the server's record detail (`pulseWave`) and @tcm/report draw the same wave.
 */
export function pulseWaveform(file: { bytes: Uint8Array; name: string }): PulseWave | undefined {
  const cap = readPulseFile(file.bytes, file.name);
  const ch = cap.channels[0];
  if (!ch) return undefined;
  const n = Math.min(ch.samples.length, Math.round(cap.rate * WAVE_SECONDS));
  const step = Math.max(1, Math.ceil(n / WAVE_POINTS));
  const samples: number[] = [];
  for (let i = 0; i < n; i += step) samples.push(Number.isFinite(ch.samples[i]!) ? ch.samples[i]! : 0);
  return samples.length >= 2 ? { rateHz: cap.rate / step, samples } : undefined;
}
