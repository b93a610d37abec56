import {
  currentFindingValue,
  SYNTHESIS_ERRORS,
  type ConstitutionResult,
  type Modality,
  type VitalsResult,
} from '@tcm/contract';
import { fieldError } from '../constitution/field-error.js';
import { VOCABULARY, type FindingValue } from './knowledge-base.js';

/** A finding after checking: modality filled in, confidence defaulted to 1. */
export interface NormalFinding {
  modality: Modality;
  key: string;
  value: FindingValue;
  confidence: number;
}

export interface IgnoredFinding {
  key: string;
  value: unknown;
  reason: string;
}

const MODALITIES: readonly Modality[] = ['tongue', 'face', 'pulse', 'voice', 'inquiry', 'vitals'];

/**
 * Checks the findings list. Malformed entries are errors naming `findings[i].field`; a key or value
 * outside the vocabulary is not an error (the engines evolve) but is set aside with the reason.
 * The same key and value twice keeps the more confident one.
 */
export function normalizeFindings(raw: unknown): { findings: NormalFinding[]; ignored: IgnoredFinding[] } {
  if (raw === undefined || raw === null) return { findings: [], ignored: [] };
  if (!Array.isArray(raw)) throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID, 'findings');
  const kept = new Map<string, NormalFinding>();
  const ignored: IgnoredFinding[] = [];
  raw.forEach((f: unknown, i) => {
    const at = `findings[${i}]`;
    if (!f || typeof f !== 'object' || Array.isArray(f))
      throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID, at);
    const { key, value, confidence, modality } = f as Record<string, unknown>;
    if (typeof key !== 'string' || !key) throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID, `${at}.key`);
    const okValue =
      typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    if (!okValue) throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID, `${at}.value`, { value });
    if (confidence !== undefined && (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1))) {
      throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID, `${at}.confidence`, { value: confidence });
    }
    const prefix = key.split('.')[0] as Modality;
    if (modality !== undefined && modality !== prefix) {
      throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_FINDING_INVALID, `${at}.modality`, { modality, key });
    }
    const entry = VOCABULARY[key];
    // A finding sent or saved with an id retired in issue 38 (pulse `jie`, voice `weak-low`) is read as today's.
    const canonical: FindingValue = currentFindingValue(key, value);
    const why = !MODALITIES.includes(prefix) || !entry ? 'unknown key' : vocabularyMiss(key, canonical);
    if (why) {
      ignored.push({ key, value, reason: why });
      return;
    }
    const finding: NormalFinding = {
      modality: prefix,
      key,
      value: canonical,
      confidence: confidence ?? 1,
    };
    const id = `${key}=${String(canonical)}`;
    const earlier = kept.get(id);
    if (!earlier || earlier.confidence < finding.confidence) kept.set(id, finding);
  });
  return { findings: [...kept.values()], ignored };
}

function vocabularyMiss(key: string, value: FindingValue): string | null {
  const entry = VOCABULARY[key]!;
  if (entry.number) {
    if (typeof value !== 'number') return 'expects a number';
    return value < entry.number.min || value > entry.number.max
      ? `outside ${entry.number.min}-${entry.number.max}`
      : null;
  }
  return entry.values && String(value) in entry.values ? null : 'value not in the vocabulary';
}

/** Findings from a scored questionnaire: inquiry.constitution.<code> = transformed score (0-100). */
export function constitutionFindings(result: ConstitutionResult): NormalFinding[] {
  return result.scales.map((s) => ({
    modality: 'inquiry',
    key: `inquiry.constitution.${s.code}`,
    value: s.transformed,
    confidence: 1,
  }));
}

/** Findings from the vitals assessment: vitals.<indicator> = band code of the reference table. */
export function vitalsFindings(result: VitalsResult): NormalFinding[] {
  return result.indicators.map((i) => ({
    modality: 'vitals',
    key: `vitals.${i.indicator}`,
    value: i.band,
    confidence: 1,
  }));
}
