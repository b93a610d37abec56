import type { z } from 'zod';
import type { referenceRangeSchema } from '@tcm/contract';

type Range = z.infer<typeof referenceRangeSchema>;

/** Prints a reference range: "3.9–6.0", "≤ 420", "≥ 95", or its own text. */
export function formatRange(r: Range | undefined): string {
  if (!r) return '—';
  if (r.text) return r.text;
  // JSON drops trailing zeros (6.0 -> 6): print both bounds with the precision of the finer one.
  const decimals = Math.max(
    ...[r.low, r.high].map((v) => (v === undefined ? 0 : (String(v).split('.')[1] ?? '').length)),
  );
  const f = (v: number) => v.toFixed(Math.min(decimals, 4));
  if (r.low !== undefined && r.high !== undefined) return `${f(r.low)}–${f(r.high)}`;
  if (r.high !== undefined) return `≤ ${f(r.high)}`;
  if (r.low !== undefined) return `≥ ${f(r.low)}`;
  return '—';
}
