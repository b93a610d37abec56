export interface NumberRule {
  min?: number;
  max?: number;
  /** Fixed decimals; omitted keeps the value as typed. */
  decimals?: number;
}

/**
 * Parses and normalizes a number input (spec §5): non-numbers are rejected (null), the value is
 * clamped to [min, max] and optionally fixed to `decimals` places.
 */
export function normalizeNumber(raw: string | number | null | undefined, rule: NumberRule = {}): number | null {
  if (raw === null || raw === undefined) return null;
  const s = typeof raw === 'number' ? String(raw) : raw.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  let n = Number(s);
  if (!Number.isFinite(n)) return null;
  if (rule.min !== undefined && n < rule.min) n = rule.min;
  if (rule.max !== undefined && n > rule.max) n = rule.max;
  if (rule.decimals !== undefined) n = Number(n.toFixed(rule.decimals));
  return n;
}

/** Image resize parameters are honored only between 1 and 4096 (spec §5). */
export function resizeParams(width?: number, height?: number): Record<string, number> {
  const ok = (v?: number): v is number => v !== undefined && Number.isInteger(v) && v >= 1 && v <= 4096;
  return { ...(ok(width) ? { w: width } : {}), ...(ok(height) ? { h: height } : {}) };
}
