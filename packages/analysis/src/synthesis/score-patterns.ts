import type { Modality, PatternEvidence, PatternResult } from '@tcm/contract';
import type { NormalFinding } from './findings.js';
import { PATTERNS, findingText, ruleMatches, type PatternDef } from './knowledge-base.js';

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const modalityOf = (key: string) => key.split('.')[0] as Modality;

/** Thresholds on score for the strength label: likely >= 0.5, possible >= 0.25, weak below. */
export const STRENGTH = { likely: 0.5, possible: 0.25 } as const;

const MODALITY_TEXT: Record<Modality, { zh: string; en: string }> = {
  tongue: { zh: '舌诊', en: 'tongue' },
  face: { zh: '面诊', en: 'face' },
  pulse: { zh: '脉诊', en: 'pulse' },
  voice: { zh: '闻诊', en: 'voice' },
  inquiry: { zh: '问诊', en: 'inquiry' },
  vitals: { zh: '体征', en: 'vitals' },
};

/**
 * Scores one pattern against the findings. Per key, the largest positive weight is what the key
 * can contribute at most; score = net weight / that maximum over all keys, fit = the same over the
 * observed keys only, coverage = observed maximum / full maximum, confidence = coverage x mean
 * confidence of the observed findings.
 */
export function scorePattern(pattern: PatternDef, findings: readonly NormalFinding[]): PatternResult {
  const keys = [...new Set(pattern.rules.map((r) => r.key))];
  const maxOf = (key: string) => Math.max(0, ...pattern.rules.filter((r) => r.key === key).map((r) => r.weight));
  const total = keys.reduce((s, k) => s + maxOf(k), 0);
  const observedKeys = keys.filter((k) => findings.some((f) => f.key === k));
  const observedMax = observedKeys.reduce((s, k) => s + maxOf(k), 0);

  const evidence: PatternEvidence[] = [];
  for (const rule of pattern.rules) {
    for (const f of findings) {
      if (f.key !== rule.key || !ruleMatches(rule, f.value)) continue;
      const contribution = rule.weight * f.confidence;
      evidence.push({
        modality: f.modality,
        key: f.key,
        value: f.value,
        confidence: f.confidence,
        weight: rule.weight,
        contribution: round3(contribution),
        role: rule.weight >= 0 ? 'supports' : 'opposes',
        text: findingText(f.key, f.value),
      });
    }
  }
  evidence.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const net = evidence.reduce((s, e) => s + e.contribution, 0);
  const observedFindings = findings.filter((f) => observedKeys.includes(f.key));
  const meanConfidence = observedFindings.length
    ? observedFindings.reduce((s, f) => s + f.confidence, 0) / observedFindings.length
    : 0;
  const coverage = total ? observedMax / total : 0;
  const score = total ? clamp01(net / total) : 0;
  const patternModalities = [...new Set(keys.map(modalityOf))];
  const missingModalities = patternModalities.filter((m) => !findings.some((f) => f.modality === m));
  const strength = score >= STRENGTH.likely ? 'likely' : score >= STRENGTH.possible ? 'possible' : 'weak';
  return {
    id: pattern.id,
    name: { zh: pattern.zh, en: pattern.en },
    score: round3(score),
    fit: round3(observedMax ? clamp01(net / observedMax) : 0),
    coverage: round3(coverage),
    confidence: round3(coverage * meanConfidence),
    strength,
    evidence,
    missingModalities,
    source: [...pattern.source],
    summary: summaryOf(pattern, strength, evidence, missingModalities),
  };
}

function summaryOf(
  pattern: PatternDef,
  strength: PatternResult['strength'],
  evidence: readonly PatternEvidence[],
  missing: readonly Modality[],
) {
  const support = evidence.filter((e) => e.role === 'supports').slice(0, 4);
  const verbZh = { likely: '提示', possible: '可能提示', weak: '略提示' }[strength];
  const verbEn = { likely: 'suggest', possible: 'may suggest', weak: 'weakly suggest' }[strength];
  const missZh = missing.length ? `；缺少${missing.map((m) => MODALITY_TEXT[m].zh).join('、')}资料，置信度降低` : '';
  const missEn = missing.length
    ? `; no ${missing.map((m) => MODALITY_TEXT[m].en).join(', ')} findings, so confidence is lower`
    : '';
  return {
    zh: `${support.map((e) => e.text.zh).join('、')}${verbZh}${pattern.zh}${missZh}`,
    en: `${support.map((e) => e.text.en).join(', ')} ${verbEn} ${pattern.en.toLowerCase()}${missEn}`,
  };
}

/**
 * Ranks every pattern of the knowledge base and returns the top ones that have at least one
 * supporting finding and a positive net score, best score first (ties: higher confidence).
 */
export function rankPatterns(findings: readonly NormalFinding[], topN = 5): PatternResult[] {
  return PATTERNS.map((p) => scorePattern(p, findings))
    .filter((p) => p.score > 0 && p.evidence.some((e) => e.role === 'supports'))
    .sort((a, b) => b.score - a.score || b.confidence - a.confidence)
    .slice(0, topN);
}

export { MODALITY_TEXT };
