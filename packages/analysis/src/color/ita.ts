// Individual typology angle: ITA° = atan((L* - 50) / b*) * 180 / π, the skin-color measure of
// Chardon et al. (1991) with the six categories of Del Bino et al. (2006).

export type ItaCategory = 'very_light' | 'light' | 'intermediate' | 'tan' | 'brown' | 'dark';

/** ITA angle in degrees (-90..90) of CIELAB L* and b*. */
export function itaAngle(L: number, b: number): number {
  // atan2 keeps the sign right when b* is near zero or negative (very pale or grey skin).
  return (Math.atan2(L - 50, Math.max(b, 1e-6)) * 180) / Math.PI;
}

/** Del Bino category of an ITA angle in degrees: >55 very light, >41 light, >28 intermediate, >10 tan, >-30 brown, else dark. */
export function itaCategory(ita: number): ItaCategory {
  if (ita > 55) return 'very_light';
  if (ita > 41) return 'light';
  if (ita > 28) return 'intermediate';
  if (ita > 10) return 'tan';
  if (ita > -30) return 'brown';
  return 'dark';
}
