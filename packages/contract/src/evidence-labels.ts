// Names of the measures that pulse classes and voice readings cite as evidence. The engines
// keep stable identifiers in their results (`measure: 'jitterLocalPct'`); people read these
// names, in their language, with the value and the rule it was held against.

type Lang = 'zh' | 'en';

export const EVIDENCE_MEASURES: Readonly<Record<string, { zh: string; en: string; unit?: string }>> = {
  medianRateBpm: { zh: '脉率', en: 'pulse rate', unit: 'bpm' },
  pauses: { zh: '停搏次数', en: 'pauses' },
  pauseSpacingCv: { zh: '停搏间隔变异系数', en: 'pause spacing CV' },
  h1: { zh: '主波幅度 h1', en: 'main wave height h1' },
  'h3/h1': { zh: '重搏前波比 h3/h1', en: 'tidal wave ratio h3/h1' },
  'h4/h1': { zh: '降中峡比 h4/h1', en: 'dicrotic notch ratio h4/h1' },
  'h5/h1': { zh: '重搏波比 h5/h1', en: 'dicrotic wave ratio h5/h1' },
  'w/t': { zh: '主波宽度比 w/t', en: 'main wave width ratio w/t' },
  bestPressure: { zh: '最佳取脉压力', en: 'best pressing force' },
  jitterLocalPct: { zh: '基频微扰', en: 'jitter', unit: '%' },
  shimmerLocalPct: { zh: '振幅微扰', en: 'shimmer', unit: '%' },
  hnrDb: { zh: '谐噪比', en: 'harmonics-to-noise ratio', unit: 'dB' },
  intensityDb: { zh: '平均声强', en: 'mean intensity', unit: 'dB' },
};

/** The measure's name for people; an identifier without a name is shown as it is. */
export const evidenceMeasureName = (measure: string, lang: Lang): string =>
  EVIDENCE_MEASURES[measure]?.[lang] ?? measure;

const fmt = (v: number) => String(Number.isInteger(v) ? v : Math.round(v * 100) / 100);

/** One evidence item as a line: name, value with unit, and the rule it was held against. */
export function evidenceLine(e: { measure: string; value: number | null; rule: string }, lang: Lang): string {
  const unit = EVIDENCE_MEASURES[e.measure]?.unit;
  const value = e.value === null ? '—' : `${fmt(e.value)}${unit ? (unit === '%' ? '%' : ` ${unit}`) : ''}`;
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
  if (rule === 'no rule held') return lang === 'zh' ? '各条偏色规则均不成立（常色）' : 'no colour rule held (normal)';
  if (lang === 'en') return rule;
  return RULE_WORDS_ZH.reduce((text, [re, zh]) => text.replace(re, zh), rule);
}
