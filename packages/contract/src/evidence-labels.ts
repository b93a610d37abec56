// Names of the measures the engines cite as evidence (pulse classes, voice readings, tongue
// features, face classes and skin metrics). The engines keep stable identifiers in their results
// (`measure: 'jitterLocalPct'`, `evidence: { body_L_p50: 52.3 }`); people read these names, in
// their language, with the value (and, for pulse and voice, the rule it was held against).

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
  // Tongue features (measured on the 256 px tongue crop; colours CIELAB).
  body_L_p50: { zh: '舌质 L*', en: 'body L*' },
  body_a_p50: { zh: '舌质 a*', en: 'body a*' },
  body_b_p50: { zh: '舌质 b*', en: 'body b*' },
  body_chroma_p50: { zh: '舌质彩度 C*', en: 'body chroma C*' },
  body_hue: { zh: '舌质色相角', en: 'body hue angle', unit: '°' },
  coverage: { zh: '舌苔覆盖率', en: 'coating coverage' },
  coat_L_p50: { zh: '舌苔 L*', en: 'coating L*' },
  coat_a_p50: { zh: '舌苔 a*', en: 'coating a*' },
  coat_b_p50: { zh: '舌苔 b*', en: 'coating b*' },
  coat_chroma_p50: { zh: '舌苔彩度 C*', en: 'coating chroma C*' },
  coat_hue: { zh: '舌苔色相角', en: 'coating hue angle', unit: '°' },
  coat_L_std: { zh: '舌苔亮度离散度', en: 'coating L* spread' },
  centre_coverage: { zh: '舌中苔覆盖率', en: 'centre coating coverage' },
  root_coverage: { zh: '舌根苔覆盖率', en: 'root coating coverage' },
  highlight_share: { zh: '反光占比', en: 'highlight share' },
  glint_per_1000px: { zh: '反光点（每千像素）', en: 'glints per 1000 px' },
  crack_long_share: { zh: '长裂纹占比', en: 'long-crack share' },
  crack_long_count: { zh: '长裂纹条数', en: 'long cracks' },
  crack_max_len: { zh: '最长裂纹（相对长度）', en: 'longest crack (relative)' },
  th_gt8_mid: { zh: '中线深沟占比', en: 'deep midline groove share' },
  v2_gt2_ctr: { zh: '舌中沟纹占比', en: 'centre groove share' },
  dent_p90: { zh: '边缘凹陷深度（P90）', en: 'edge dent depth (P90)' },
  dent_max: { zh: '最深边缘凹陷', en: 'deepest edge dent' },
  scallops_1pct: { zh: '边缘齿痕波纹数', en: 'edge scallops' },
  edge_rms: { zh: '边缘起伏', en: 'edge roughness' },
  solidity: { zh: '轮廓饱满度', en: 'solidity' },
  width_length_ratio: { zh: '宽长比', en: 'width/length ratio' },
  prickle_per_1000px: { zh: '点刺（每千像素）', en: 'prickles per 1000 px' },
  stasis_per_1000px: { zh: '瘀点（每千像素）', en: 'stasis spots per 1000 px' },
  fill_ratio: { zh: '充盈度', en: 'fill ratio' },
  width_at_75: { zh: '近舌尖处宽度', en: 'width near the tip' },
  // Tongue photo quality.
  areaFraction: { zh: '舌体面积占比', en: 'tongue share of the photo' },
  widthPx: { zh: '舌体宽度', en: 'tongue width', unit: 'px' },
  secondRatio: { zh: '第二区域 / 舌体', en: 'second region / tongue' },
  medianL: { zh: '舌体亮度 L*', en: 'tongue L*' },
  clipped: { zh: '过曝占比', en: 'overexposed share' },
  ringHue: { zh: '舌周色相角', en: 'surroundings hue angle', unit: '°' },
  ringChroma: { zh: '舌周彩度', en: 'surroundings chroma' },
  // Face (skin colours CIELAB; ITA = individual typology angle).
  sharpness: { zh: '清晰度', en: 'sharpness' },
  skinL: { zh: '肤色亮度 L*', en: 'skin L*' },
  clippedShare: { zh: '过曝占比', en: 'overexposed share' },
  cheekDiffL: { zh: '两颊亮度差', en: 'cheek L* difference' },
  castA: { zh: '偏色 a*', en: 'cast a*' },
  castB: { zh: '偏色 b*', en: 'cast b*' },
  castChroma: { zh: '偏色强度', en: 'cast strength' },
  L: { zh: 'L*', en: 'L*' },
  a: { zh: 'a*', en: 'a*' },
  b: { zh: 'b*', en: 'b*' },
  chroma: { zh: '彩度 C*', en: 'chroma C*' },
  hueDeg: { zh: '色相角', en: 'hue angle', unit: '°' },
  ita: { zh: 'ITA 角', en: 'ITA', unit: '°' },
  highlightPercent: { zh: '高光占比', en: 'highlights', unit: '%' },
  skinIqrL: { zh: '肤色亮度四分位距', en: 'skin L* interquartile range' },
  relativeIqr: { zh: '相对四分位距', en: 'relative interquartile range' },
  count: { zh: '数量', en: 'count' },
  areaPercent: { zh: '面积占比', en: 'area', unit: '%' },
  meanContrastL: { zh: '平均亮度差', en: 'mean L* contrast' },
  thresholdL: { zh: '亮度阈值 L*', en: 'L* threshold' },
  lines: { zh: '纹路条数', en: 'lines' },
  lengthPer1000px: { zh: '纹路长度（每千像素）', en: 'line length per 1000 px' },
  highPassSdL: { zh: '细纹理强度', en: 'fine texture strength' },
  per1000px: { zh: '每千像素个数', en: 'per 1000 px' },
  a90: { zh: 'a* 第 90 百分位', en: 'a* 90th percentile' },
  aMedian: { zh: 'a* 中位数', en: 'a* median' },
  redPatchPercent: { zh: '红斑区占比', en: 'red patches', unit: '%' },
  deltaL: { zh: 'ΔL*', en: 'ΔL*' },
  deltaA: { zh: 'Δa*', en: 'Δa*' },
  deltaB: { zh: 'Δb*', en: 'Δb*' },
  sides: { zh: '测量侧数', en: 'sides measured' },
};

/** The measure's name for people; an identifier without a name is shown as it is. */
export const evidenceMeasureName = (measure: string, lang: Lang): string =>
  EVIDENCE_MEASURES[measure]?.[lang] ?? measure;

const fmt = (v: number) => String(Number.isInteger(v) ? v : Math.round(v * 100) / 100);

/** A value with its unit, as the evidence lines print it. */
export function evidenceValue(measure: string, value: number | null): string {
  if (value === null) return '—';
  const unit = EVIDENCE_MEASURES[measure]?.unit;
  return `${fmt(value)}${!unit ? '' : unit === '%' || unit === '°' ? unit : ` ${unit}`}`;
}

/** Named evidence values, e.g. "舌质 L* 52.3 · 舌苔覆盖率 0.41". */
export const evidencePairs = (values: Record<string, number>, lang: Lang, separator = ' · '): string =>
  Object.entries(values)
    .map(([k, v]) => `${evidenceMeasureName(k, lang)} ${evidenceValue(k, v)}`)
    .join(separator);

/** One evidence item as a line: name, value with unit, and the rule it was held against. */
export function evidenceLine(e: { measure: string; value: number | null; rule: string }, lang: Lang): string {
  const value = evidenceValue(e.measure, e.value);
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
