import {
  DISEASE_KNOWLEDGE,
  SCREENING_THRESHOLDS,
  type DiseaseDefinition,
  type DiseasePattern,
  type Modality,
  type ScreeningEvidence,
  type ScreeningLevel,
  type ScreeningResult,
  type ScreeningSign,
} from '@tcm/contract';
import { PATTERNS, findingText, ruleMatches, scorePattern } from '@tcm/analysis/synthesis';

type FindingValue = string | number | boolean;

/** A finding of one of the person's records (synthesis vocabulary), with the record it came from. */
export interface PersonFinding {
  modality: Modality;
  key: string;
  value: FindingValue;
  confidence: number;
  recordId: string;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const MODALITY_ORDER: readonly string[] = ['tongue', 'face', 'pulse', 'voice', 'inquiry', 'vitals'];

export const levelOf = (risk: number): ScreeningLevel =>
  risk >= SCREENING_THRESHOLDS.high ? 'high' : risk >= SCREENING_THRESHOLDS.medium ? 'medium' : 'low';

const signMatches = (s: ScreeningSign, value: FindingValue) => ruleMatches({ ...s, weight: s.points }, value);

/**
 * The best sign evidence of one finding key: every sign of the key against every finding of the
 * key, the largest points x confidence wins. One key counts once, so the most it can add is its
 * largest sign's points (blood pressure "high" 4 or "high normal" 2, never both).
 */
function bestOfKey(signs: ScreeningSign[], findings: PersonFinding[]): ScreeningEvidence | undefined {
  let best: ScreeningEvidence | undefined;
  for (const s of signs) {
    for (const f of findings) {
      if (!signMatches(s, f.value)) continue;
      const contribution = round3(s.points * f.confidence);
      if (best && best.contribution >= contribution) continue;
      best = {
        kind: 'finding',
        key: f.key,
        value: String(f.value),
        text: findingText(f.key, f.value),
        points: s.points,
        confidence: round3(f.confidence),
        contribution,
        share: 0,
        source: s.source,
        recordId: f.recordId,
      };
    }
  }
  return best;
}

/**
 * Scores a screening (docs/disease.md "Scoring"): points = Σ over the disease's sign keys of the
 * best matching finding's points x confidence + Σ of the chosen options' points; the most
 * possible = Σ over sign keys of the key's largest points + Σ of each question's largest option;
 * risk = points / most possible, levelled by SCREENING_THRESHOLDS. Answers must be complete and
 * valid (the service checks them first).
 */
export function scoreScreening(
  def: DiseaseDefinition,
  patterns: readonly DiseasePattern[],
  findings: readonly PersonFinding[],
  answers: Readonly<Record<string, string>>,
): ScreeningResult {
  const evidence: ScreeningEvidence[] = [];
  const keys = [...new Set(def.signs.map((s) => s.key))];
  let maxPoints = 0;
  let signMax = 0;
  let observedMax = 0;
  for (const key of keys) {
    const signs = def.signs.filter((s) => s.key === key);
    const keyMax = Math.max(...signs.map((s) => s.points));
    const ofKey = findings.filter((f) => f.key === key);
    maxPoints += keyMax;
    signMax += keyMax;
    if (ofKey.length) observedMax += keyMax;
    const best = bestOfKey(signs, ofKey);
    if (best && best.contribution > 0) evidence.push(best);
  }
  for (const q of def.questions) {
    maxPoints += Math.max(...q.options.map((o) => o.points));
    const option = q.options.find((o) => o.id === answers[q.id]);
    if (!option || option.points <= 0) continue;
    evidence.push({
      kind: 'answer',
      key: q.id,
      value: option.id,
      text: { zh: `${q.text.zh} ${option.text.zh}`, en: `${q.text.en} ${option.text.en}` },
      points: option.points,
      confidence: 1,
      contribution: option.points,
      share: 0,
      source: q.source,
      recordId: null,
    });
  }
  const points = round3(evidence.reduce((s, e) => s + e.contribution, 0));
  for (const e of evidence) e.share = points > 0 ? round3(e.contribution / points) : 0;
  evidence.sort((a, b) => b.contribution - a.contribution);
  const risk = maxPoints > 0 ? round3(points / maxPoints) : 0;
  const used = new Set(keys.map((k) => k.split('.')[0]!));
  const seen = new Set(findings.map((f) => f.modality as string));
  return {
    modelVersion: DISEASE_KNOWLEDGE.version,
    points,
    maxPoints: round3(maxPoints),
    risk,
    level: levelOf(risk),
    coverage: signMax > 0 ? round3(observedMax / signMax) : 0,
    missingModalities: MODALITY_ORDER.filter((m) => used.has(m) && !seen.has(m)),
    evidence,
    patterns: patterns.map((p) => {
      const kb = PATTERNS.find((k) => k.id === p.id);
      return { id: p.id, name: p.name, score: kb ? round3(scorePattern(kb, findings).score) : null };
    }),
  };
}
