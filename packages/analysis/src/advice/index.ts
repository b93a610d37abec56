import type {
  AdviceResult,
  ConstitutionSummary,
  IndicatorAssessment,
  PatternResult,
  TeamAdviceConfig,
} from '@tcm/contract';
import { defaultAdvice, mergeAdvice } from './merge.js';
import { adviceKeys, collectAdvice } from './select.js';

export { ADVICE_CATEGORIES, ADVICE_TEMPLATES_VERSION, defaultAdvice, mergeAdvice, parseTeamConfig } from './merge.js';
export { adviceKeys, collectAdvice, MAX_LINES_PER_CATEGORY, MAX_PATTERNS } from './select.js';

/** Advice (diet, lifestyle, exercise, acupoints, teas) for the given patterns, constitution and risks, with a team's overrides applied. */
export function buildAdvice(
  patterns: readonly PatternResult[],
  constitution: ConstitutionSummary | null,
  indicators: readonly IndicatorAssessment[],
  team?: TeamAdviceConfig,
): AdviceResult {
  const table = mergeAdvice(defaultAdvice(), team);
  const label = team ? [team.teamId, team.version].filter(Boolean).join('@') || 'team' : null;
  return collectAdvice(table, adviceKeys(table, patterns, constitution, indicators), label);
}
