// Names of the measures the engines cite as evidence (pulse classes, voice readings, tongue
// features, face classes and skin metrics). The engines keep stable identifiers in their results
// (`measure: 'jitterLocalPct'`, `evidence: { body_L_p50: 52.3 }`); people read these names, in
// their language, with the value (and, for pulse and voice, the rule it was held against).
import names from './vocabulary/measures.json' with { type: 'json' };
import { formatNumber } from './reader-format.js';

type Lang = 'zh' | 'en';

/**
 * Name (zh, en) and unit of every evidence identifier, from vocabulary/measures.json: pulse and voice
 * measures, tongue features and photo quality (256 px crop, CIELAB), face classes and skin
 * metrics (CIELAB; ITA = individual typology angle). `evidence-names.test.ts` in the analysis
 * package runs the engines and fails on an identifier without a name.
 */
export const EVIDENCE_MEASURES: Readonly<Record<string, { zh: string; en: string; unit?: string }>> = names;

/** The measure's name for people; an identifier without a name is shown as it is. */
export const evidenceMeasureName = (measure: string, lang: Lang): string =>
  EVIDENCE_MEASURES[measure]?.[lang] ?? measure;

/** A value with its unit, as the evidence lines print it (numbers in the reader's language, 2 decimals at most). */
export function evidenceValue(measure: string, value: number | null, lang: Lang = 'zh'): string {
  if (value === null) return '—';
  const unit = EVIDENCE_MEASURES[measure]?.unit;
  return `${formatNumber(value, lang)}${!unit ? '' : unit === '%' || unit === '°' ? unit : ` ${unit}`}`;
}

/** Named evidence values, e.g. "舌质 L* 52.3 · 舌苔覆盖率 0.41". */
export const evidencePairs = (values: Record<string, number>, lang: Lang, separator = ' · '): string =>
  Object.entries(values)
    .map(([k, v]) => `${evidenceMeasureName(k, lang)} ${evidenceValue(k, v, lang)}`)
    .join(separator);

/** One evidence item as a line: name, value with unit, and the rule it was held against. */
export function evidenceLine(e: { measure: string; value: number | null; rule: string }, lang: Lang): string {
  const value = evidenceValue(e.measure, e.value, lang);
  return lang === 'zh'
    ? `${evidenceMeasureName(e.measure, lang)} ${value}（规则 ${ruleText(e.rule, lang)}）`
    : `${evidenceMeasureName(e.measure, lang)} ${value} (rule ${e.rule})`;
}

/** Words of the engines' rules (English in the results) and their Chinese, longest first. */
const RULE_WORDS_ZH: [RegExp, string][] = [
  [
    /pressure at the largest main wave \(0 浮, 1 中, 2 沉 for levels\)/g,
    '主波最大时的取脉压力（分级时 0 浮、1 中、2 沉）',
  ],
  [/× median interval/g, '× 中位间期'],
  [/at least/g, '至少'],
  [/with >= (\d+) pauses = regular/g, '且停搏 ≥ $1 次为规律'],
  [/\(provisional\)/g, '（暂定）'],
  [/, or /g, '；或 '],
  [/ with /g, ' 且 '],
  [/ and /g, ' 且 '],
  [/\bslow\b/g, '为迟'],
  [/\brapid\b/g, '为数'],
  [/\bhue\b/g, '色相角'],
];

/**
 * A rule of an engine ("a* >= 17, or a* >= 14 and hue < 45°", "< 60 slow, > 90 rapid") in the
 * reader's language: the formulas stay, the words between them are translated.
 */
export function ruleText(rule: string, lang: Lang): string {
  if (rule === 'no rule held') return lang === 'zh' ? '各条偏色规则均不成立（常色）' : 'no color rule held (normal)';
  if (lang === 'en') return rule;
  return RULE_WORDS_ZH.reduce((text, [re, zh]) => text.replace(re, zh), rule);
}
