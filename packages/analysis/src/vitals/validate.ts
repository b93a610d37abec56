import { VITALS_ERRORS, type Sex, type Vitals, type VitalsField, type VitalsRecord } from '@tcm/contract';
import { fieldError } from '../constitution/field-error.js';
import { PLAUSIBLE } from './reference-table.js';

const FIELDS = Object.keys(PLAUSIBLE) as VitalsField[];

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * Checks one set of measurements: known fields, finite numbers, plausible ranges, systolic above
 * diastolic, HDL/LDL not above total cholesterol. `path` prefixes the field named in the error.
 */
export function validateVitals(raw: unknown, path = 'vitals'): Vitals {
  if (!isObject(raw)) throw fieldError(VITALS_ERRORS.VITALS_INPUT_INVALID, path);
  const out: Vitals = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = `${path}.${key}`;
    if (!FIELDS.includes(key as VitalsField)) throw fieldError(VITALS_ERRORS.VITALS_UNKNOWN_FIELD, field);
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw fieldError(VITALS_ERRORS.VITALS_NOT_A_NUMBER, field, { value });
    const [min, max] = PLAUSIBLE[key as VitalsField];
    if (value < min || value > max) throw fieldError(VITALS_ERRORS.VITALS_IMPLAUSIBLE, field, { value, min, max });
    out[key as VitalsField] = value;
  }
  if (out.systolic !== undefined && out.diastolic !== undefined && out.systolic <= out.diastolic) {
    throw fieldError(VITALS_ERRORS.VITALS_SYSTOLIC_NOT_ABOVE_DIASTOLIC, `${path}.systolic`, {
      systolic: out.systolic,
      diastolic: out.diastolic,
    });
  }
  for (const part of ['hdl', 'ldl'] as const) {
    const v = out[part];
    if (v !== undefined && out.tc !== undefined && v >= out.tc) {
      throw fieldError(VITALS_ERRORS.VITALS_LIPIDS_INCONSISTENT, `${path}.${part}`, { [part]: v, tc: out.tc });
    }
  }
  return out;
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
