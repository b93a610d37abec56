import {
  SYNTHESIS_ERRORS,
  type ConstitutionResult,
  type LocalizedText,
  type Modality,
  type SynthesisResult,
  type TeamAdviceConfig,
  type VitalsResult,
} from '@tcm/contract';
import { fieldError } from '../constitution/field-error.js';
import { scoreConstitution } from '../constitution/score.js';
import { assessVitals } from '../vitals/index.js';
import { buildAdvice, parseTeamConfig } from '../advice/index.js';
import { constitutionFindings, normalizeFindings, vitalsFindings, type NormalFinding } from './findings.js';
import { KB_TITLE, KB_VERSION } from './knowledge-base.js';
import { MODALITY_TEXT, rankPatterns } from './score-patterns.js';

export const SYNTHESIS_ENGINE_VERSION = 'synthesis@1.0.0';
const MODALITIES: readonly Modality[] = ['tongue', 'face', 'pulse', 'voice', 'inquiry', 'vitals'];

export const DISCLAIMER: LocalizedText = {
  zh: '本结果为中医健康状态辨识的辅助参考，不构成医疗诊断；如有不适或高风险指标，请及时就医。',
  en: 'This result is decision support for TCM health assessment, not a medical diagnosis; see a doctor if you feel unwell or a measure is high-risk.',
};

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * Four-diagnosis synthesis (四诊合参): findings + questionnaire answers + vitals + history ->
 * ranked syndrome patterns with evidence, constitution, risk levels, trends and advice.
 * Any part may be missing; what is missing lowers confidence and is listed in `warnings`.
 */
export function synthesize(input: unknown): SynthesisResult {
  if (!isObject(input)) throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_INPUT_INVALID, 'input');
  const topN = input.topN ?? 5;
  if (typeof topN !== 'number' || !Number.isInteger(topN) || topN < 1 || topN > 20) {
    throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_INPUT_INVALID, 'topN', { value: topN });
  }
  const team: TeamAdviceConfig | undefined =
    input.adviceConfig === undefined ? undefined : parseTeamConfig(input.adviceConfig);
  const { findings: given, ignored } = normalizeFindings(input.findings);

  let constitution: ConstitutionResult | null = null;
  if (input.inquiry !== undefined) {
    if (!isObject(input.inquiry)) throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_INPUT_INVALID, 'inquiry');
    if (input.sex === undefined) throw fieldError(SYNTHESIS_ERRORS.SYNTHESIS_SEX_REQUIRED, 'sex');
    constitution = scoreConstitution({ sex: input.sex, answers: input.inquiry.answers });
  }
  const hasVitals = input.vitals !== undefined || input.history !== undefined;
  const vitals: VitalsResult | null = hasVitals
    ? assessVitals({ sex: input.sex, date: input.date, vitals: input.vitals ?? {}, history: input.history })
    : null;

  // Scored answers and measured vitals replace findings given for the same keys, so nothing counts twice.
  const derived = [
    ...(constitution ? constitutionFindings(constitution) : []),
    ...(vitals ? vitalsFindings(vitals) : []),
  ];
  const derivedKeys = new Set(derived.map((f) => f.key));
  const findings: NormalFinding[] = [...given.filter((f) => !derivedKeys.has(f.key)), ...derived];
  for (const f of given.filter((x) => derivedKeys.has(x.key))) {
    ignored.push({
      key: f.key,
      value: f.value,
      reason: 'replaced by the value computed from the answers or measurements',
    });
  }

  const present = MODALITIES.filter((m) => findings.some((f) => f.modality === m));
  const missing = MODALITIES.filter((m) => !present.includes(m));
  const patterns = rankPatterns(findings, topN);
  const indicators = vitals?.indicators ?? [];
  const risks = indicators
    .filter((i) => i.level !== 'low')
    .sort((a, b) => (a.level === b.level ? 0 : a.level === 'high' ? -1 : 1))
    .map((i) => ({ indicator: i.indicator, level: i.level, band: i.band, reason: i.reason }));

  return {
    engine: { engine: SYNTHESIS_ENGINE_VERSION, model: KB_VERSION },
    knowledgeBase: { version: KB_VERSION, title: KB_TITLE },
    modalities: { present, missing },
    patterns,
    constitution,
    vitals,
    risks,
    trends: vitals?.trends ?? [],
    advice: buildAdvice(patterns, constitution?.summary ?? null, indicators, team),
    ignoredFindings: ignored,
    warnings: warningsFor(missing, patterns.length, ignored.length),
    disclaimer: DISCLAIMER,
  };
}

function warningsFor(missing: readonly Modality[], patternCount: number, ignoredCount: number): LocalizedText[] {
  const out: LocalizedText[] = [];
  if (missing.length) {
    out.push({
      zh: `缺少${missing.map((m) => MODALITY_TEXT[m].zh).join('、')}资料：相关证型的置信度已降低`,
      en: `No ${missing.map((m) => MODALITY_TEXT[m].en).join(', ')} findings: confidence of the patterns that use them is lowered`,
    });
  }
  if (!patternCount)
    out.push({ zh: '现有资料不足以提示任何证型', en: 'The findings given do not point to any pattern' });
  if (ignoredCount)
    out.push({
      zh: `${ignoredCount} 条结果未被使用，见 ignoredFindings`,
      en: `${ignoredCount} finding(s) not used: see ignoredFindings`,
    });
  return out;
}
