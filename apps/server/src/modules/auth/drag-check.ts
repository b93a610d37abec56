import type { DragPayload } from '@tcm/contract';

/** Limits of a human slider drag (docs/auth.md). Times in ms, distances in px. */
export const DRAG_RULES = {
  minDurationMs: 250,
  maxDurationMs: 15000,
  startSlackPx: 12,
  endSlackPx: 12,
  maxBackstepPx: 15,
  /** A human's speed varies: coefficient of variation of segment speeds must exceed this. */
  minSpeedVariation: 0.15,
} as const;

/**
 * Judges whether a slider trajectory looks like a person dragging the knob to the end.
 * Returns the first failed rule's name, or null when plausible.
 */
export function implausibleDrag(p: DragPayload): string | null {
  const tr = p.track;
  const first = tr[0]!;
  const last = tr[tr.length - 1]!;
  for (let i = 1; i < tr.length; i++) {
    if (tr[i]!.t < tr[i - 1]!.t) return 'time-not-increasing';
    if (tr[i]!.x < tr[i - 1]!.x - DRAG_RULES.maxBackstepPx) return 'jumps-backwards';
  }
  const duration = last.t - first.t;
  if (duration < DRAG_RULES.minDurationMs) return 'too-fast';
  if (duration > DRAG_RULES.maxDurationMs) return 'too-slow';
  if (Math.abs(first.x) > DRAG_RULES.startSlackPx) return 'not-from-start';
  if (Math.abs(last.x - p.width) > DRAG_RULES.endSlackPx) return 'not-to-end';
  const speeds: number[] = [];
  for (let i = 1; i < tr.length; i++) {
    const dt = tr[i]!.t - tr[i - 1]!.t;
    if (dt > 0) speeds.push((tr[i]!.x - tr[i - 1]!.x) / dt);
  }
  if (speeds.length < 4) return 'too-few-samples';
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length);
  if (mean <= 0 || sd / mean < DRAG_RULES.minSpeedVariation) return 'robotic-speed';
  return null;
}

/** Encodes a payload the way the web client does: base64 of its JSON (UTF-8). */
export const encodeDragPayload = (p: unknown): string => Buffer.from(JSON.stringify(p), 'utf8').toString('base64');
