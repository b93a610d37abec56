import { VITALS_ERRORS, type VitalsRiskLevel, type VitalsResult } from '@tcm/contract';
import { fieldError } from '../constitution/field-error.js';
import { assessIndicators, worseLevel } from './assess.js';
import { REFERENCE_TABLE_VERSION } from './reference-table.js';
import { computeTrends } from './trends.js';
import { parseDate, validateHistory, validateSex, validateVitals } from './validate.js';

export { assessIndicators, bmiOf, worseLevel } from './assess.js';
export { computeTrends } from './trends.js';
export { validateVitals, validateHistory, validateSex } from './validate.js';
export {
  REFERENCE_TABLE_VERSION,
  REFERENCE_SOURCES,
  PLAUSIBLE,
  INDICATORS,
  bandFor,
  distanceToLowRisk,
} from './reference-table.js';

export const VITALS_ENGINE_VERSION = 'vitals@1.0.0';

/**
 * Risk level (low/medium/high) with its reason for every measured indicator, and the trends
 * against earlier records. Input `{ sex?, date?, vitals, history? }`; implausible values are
 * rejected with the field named (3520xxx).
 */
export function assessVitals(input: unknown): VitalsResult {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw fieldError(VITALS_ERRORS.VITALS_INPUT_INVALID, 'input');
  const raw = input as Record<string, unknown>;
  const sex = validateSex(raw.sex);
  const vitals = validateVitals(raw.vitals ?? {}, 'vitals');
  const history = validateHistory(raw.history);
  const latestEarlier = history.reduce((t, r) => Math.max(t, r.time), -Infinity);
  const time = raw.date === undefined ? Math.max(latestEarlier + 1, 0) : parseDate(raw.date, 'date');
  const date = typeof raw.date === 'string' ? raw.date : 'current';
  const indicators = assessIndicators(vitals, sex);
  const overall = indicators.reduce<VitalsRiskLevel | null>(
    (acc, i) => (acc ? worseLevel(acc, i.level) : i.level),
    null,
  );
  const notes = [];
  if (vitals.uricAcid !== undefined && !sex) {
    notes.push({
      zh: '未提供性别，尿酸按女性上限 360 µmol/L 判定',
      en: 'Sex not given: uric acid judged against the women’s limit of 360 µmol/L',
    });
  }
  if (vitals.glucose !== undefined) {
    notes.push({ zh: '血糖按空腹血糖参考范围判定', en: 'Glucose is judged against fasting references' });
  }
  return {
    engine: { engine: VITALS_ENGINE_VERSION },
    referenceTable: REFERENCE_TABLE_VERSION,
    indicators,
    overall,
    trends: computeTrends([...history, { date, time, vitals }], sex),
    notes,
  };
}
