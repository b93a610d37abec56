/**
 * Benjamini–Hochberg adjusted p-values (q-values), as R's p.adjust(method = "BH"): the
 * i-th smallest p becomes min over j ≥ i of p₍ⱼ₎·m/j, capped at 1, returned in input order.
 * null entries (tests that could not be made) are skipped and do not count in m.
 */
export function benjaminiHochberg(pValues: ReadonlyArray<number | null>): Array<number | null> {
  const order = pValues
    .map((p, i) => ({ p, i }))
    .filter((e): e is { p: number; i: number } => e.p !== null && Number.isFinite(e.p))
    .sort((x, y) => x.p - y.p);
  const m = order.length;
  const out: Array<number | null> = pValues.map(() => null);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const entry = order[rank - 1] as { p: number; i: number };
    running = Math.min(running, (entry.p * m) / rank);
    out[entry.i] = running;
  }
  return out;
}
