import { VITALS_PLAUSIBLE, type VitalsRiskLevel, type Sex } from '@tcm/contract';
import table from './reference-table.json' with { type: 'json' };

export interface Band {
  readonly code: string;
  /** Exclusive upper bound. */
  readonly below?: number;
  /** Inclusive upper bound. */
  readonly upTo?: number;
  readonly level: VitalsRiskLevel;
  readonly zh: string;
  readonly en: string;
}

export interface IndicatorDef {
  readonly id: string;
  readonly zh: string;
  readonly en: string;
  readonly unit: string;
  readonly source: string;
  readonly reference: { zh: string; en: string };
  readonly bands?: readonly Band[];
  readonly bandsBySex?: Readonly<Record<Sex, readonly Band[]>>;
}

export const REFERENCE_TABLE_VERSION: string = table.version;
export const REFERENCE_SOURCES: readonly { id: string; title: string }[] = table.sources;
export const INDICATORS: readonly IndicatorDef[] = table.indicators as IndicatorDef[];
/** The plausible ranges are request validation, so they live in the contract; re-exported for callers of this module. */
export const PLAUSIBLE = VITALS_PLAUSIBLE;
export const STABLE_WITHIN = table.stableWithin as Readonly<Record<string, number>>;

/** The indicator definition of the table by id (bmi, systolic, glucose…). */
export function indicator(id: string): IndicatorDef {
  const def = INDICATORS.find((d) => d.id === id);
  if (!def) throw new Error(`reference table has no indicator ${id}`);
  return def;
}

/** The bands that apply; uric acid uses the women's (stricter) bands when sex is unknown. */
export function bandsOf(def: IndicatorDef, sex: Sex | undefined): readonly Band[] {
  if (def.bands) return def.bands;
  return def.bandsBySex![sex ?? 'female'];
}

const inside = (band: Band, value: number) =>
  band.below !== undefined ? value < band.below : band.upTo !== undefined ? value <= band.upTo : true;

/** The first band whose upper bound holds the value (bands are ordered from low to high values). */
export function bandFor(bands: readonly Band[], value: number): Band {
  return bands.find((b) => inside(b, value)) ?? bands[bands.length - 1]!;
}

/**
 * Distance (in the indicator's unit) from the value to the nearest low-risk band; 0 inside it.
 * Trends use it to say whether a change moved toward or away from the low-risk range.
 */
export function distanceToLowRisk(bands: readonly Band[], value: number): number {
  let lower = -Infinity;
  let best = Infinity;
  for (const band of bands) {
    const upper = band.below ?? band.upTo ?? Infinity;
    if (band.level === 'low') {
      if (value >= lower && (band.below !== undefined ? value < upper : value <= upper)) return 0;
      best = Math.min(best, value < lower ? lower - value : value - upper);
    }
    lower = upper;
  }
  return best;
}
