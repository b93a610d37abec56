import { VITALS_ERRORS, checkVitals, type Sex, type Vitals, type VitalsRecord } from '@tcm/contract';
import { fieldError } from '../constitution/field-error.js';

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * Checks one set of measurements by the contract's rules (`checkVitals`: known fields, finite
 * numbers, plausible ranges, systolic above diastolic, HDL/LDL not above total cholesterol).
 * `path` prefixes the field named in the error.
 */
export function validateVitals(raw: unknown, path = 'vitals'): Vitals {
  if (!isObject(raw)) throw fieldError(VITALS_ERRORS.VITALS_INPUT_INVALID, path);
  const r = checkVitals(raw);
  if (r.ok) return r.vitals;
  const { error, field, detail } = r.problem;
  throw fieldError(error, field === null ? path : `${path}.${field}`, detail);
}

/** Milliseconds since epoch of an ISO 8601 date, or a coded error naming the field. */
export function parseDate(raw: unknown, field: string): number {
  const t = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(t)) throw fieldError(VITALS_ERRORS.VITALS_DATE_INVALID, field, { value: raw });
  return t;
}

/** Checks the earlier records; each error names e.g. history[2].vitals.systolic. */
export function validateHistory(raw: unknown, path = 'history'): (VitalsRecord & { time: number })[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw fieldError(VITALS_ERRORS.VITALS_INPUT_INVALID, path);
  return raw.map((rec: unknown, k) => {
    if (!isObject(rec)) throw fieldError(VITALS_ERRORS.VITALS_INPUT_INVALID, `${path}[${k}]`);
    const time = parseDate(rec.date, `${path}[${k}].date`);
    return { date: rec.date as string, time, vitals: validateVitals(rec.vitals, `${path}[${k}].vitals`) };
  });
}

/** Sex as given, or undefined; anything else is a coded error. */
export function validateSex(raw: unknown, field = 'sex'): Sex | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'female' || raw === 'male') return raw;
  throw fieldError(VITALS_ERRORS.VITALS_INPUT_INVALID, field, { value: raw });
}
