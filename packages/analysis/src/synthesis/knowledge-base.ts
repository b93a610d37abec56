import { currentFindingValue, type LocalizedText, type Modality } from '@tcm/contract';
import kb from './knowledge-base.json' with { type: 'json' };

export type FindingValue = string | number | boolean;

/** One rule: the finding key, the values (or numeric range) it matches, and its signed weight. */
export interface Rule {
  readonly key: string;
  readonly is?: readonly FindingValue[];
  /** Inclusive lower bound for numeric findings. */
  readonly min?: number;
  /** Exclusive upper bound for numeric findings. */
  readonly below?: number;
  readonly weight: number;
  readonly basis?: string;
}

export interface PatternDef {
  readonly id: string;
  readonly zh: string;
  readonly en: string;
  readonly source: readonly string[];
  readonly relatedConstitution?: string;
  readonly rules: readonly Rule[];
}

export interface VocabularyEntry {
  readonly modality: Modality;
  readonly values?: Readonly<Record<string, LocalizedText>>;
  readonly number?: { readonly min: number; readonly max: number; readonly unit: string };
  readonly label?: LocalizedText;
}

export const KB_VERSION: string = kb.version;
export const KB_TITLE: string = kb.title;
// The JSON's literal types are wider than the interfaces (string modality, unions of rule shapes).
export const PATTERNS = kb.patterns as unknown as readonly PatternDef[];
export const VOCABULARY = kb.vocabulary as unknown as Readonly<Record<string, VocabularyEntry>>;

/** Does a rule match a finding value? Values compare as strings so that `true` matches "true". */
export function ruleMatches(rule: Rule, value: FindingValue): boolean {
  // A disease definition saved before issue 38 may still name a retired id (pulse `jie`).
  if (rule.is) return rule.is.some((v) => String(currentFindingValue(rule.key, v)) === String(value));
  if (typeof value !== 'number') return false;
  return (rule.min === undefined || value >= rule.min) && (rule.below === undefined || value < rule.below);
}

const fmt = (x: number) => String(Math.round(x * 10) / 10);

/** Human text of a finding from the vocabulary, e.g. 舌淡白 / pale tongue, 问卷气虚质转化分 71.9. */
export function findingText(key: string, value: FindingValue): LocalizedText {
  const entry = VOCABULARY[key];
  const label = entry?.values?.[String(currentFindingValue(key, value))];
  if (label) return label;
  if (entry?.label && typeof value === 'number')
    return { zh: `${entry.label.zh} ${fmt(value)}`, en: `${entry.label.en} ${fmt(value)}` };
  return { zh: `${key} = ${String(value)}`, en: `${key} = ${String(value)}` };
}
