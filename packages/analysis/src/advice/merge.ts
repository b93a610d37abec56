import {
  SYNTHESIS_ERRORS,
  teamAdviceConfigSchema,
  type AdviceCategory,
  type LocalizedText,
  type TeamAdviceConfig,
} from '@tcm/contract';
import { fieldError } from '../constitution/field-error.js';
import templates from './templates.json' with { type: 'json' };

export const ADVICE_CATEGORIES: readonly AdviceCategory[] = ['diet', 'lifestyle', 'exercise', 'acupoints', 'teas'];
export const ADVICE_TEMPLATES_VERSION: string = templates.version;

export interface AdviceLine {
  text: LocalizedText;
  origin: 'default' | 'team';
}
/** key -> category -> lines, after the team's configuration was applied. */
export type AdviceTable = Map<string, Partial<Record<AdviceCategory, AdviceLine[]>>>;

type Entries = Record<string, Partial<Record<AdviceCategory, LocalizedText[]>>>;

/** The default templates as a table (every line origin 'default'). */
export function defaultAdvice(): AdviceTable {
  const table: AdviceTable = new Map();
  for (const [key, entry] of Object.entries(templates.entries as Entries)) {
    const cats: Partial<Record<AdviceCategory, AdviceLine[]>> = {};
    for (const cat of ADVICE_CATEGORIES) {
      const lines = entry[cat];
      if (lines) cats[cat] = lines.map((text) => ({ text, origin: 'default' }));
    }
    table.set(key, cats);
  }
  return table;
}

/** Checks a team configuration against the contract schema; the error names the first bad path. */
export function parseTeamConfig(raw: unknown): TeamAdviceConfig {
  const parsed = teamAdviceConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw fieldError(SYNTHESIS_ERRORS.ADVICE_CONFIG_INVALID, ['adviceConfig', ...issue.path.map(String)].join('.'), {
    rule: issue.message,
  });
}

/**
 * Applies a team's configuration to the defaults. Per key: `disabled` drops the key; per category,
 * a list replaces the default list (mode 'append': goes after it); an empty list silences the
 * category; categories and keys the team does not mention keep the defaults; new keys are added.
 */
export function mergeAdvice(defaults: AdviceTable, team?: TeamAdviceConfig): AdviceTable {
  const merged: AdviceTable = new Map([...defaults].map(([k, v]) => [k, { ...v }]));
  if (!team) return merged;
  for (const [key, entry] of Object.entries(team.entries)) {
    if (entry.disabled) {
      merged.delete(key);
      continue;
    }
    const cats = merged.get(key) ?? {};
    for (const cat of ADVICE_CATEGORIES) {
      const lines = entry[cat];
      if (!lines) continue;
      const own = lines.map((text): AdviceLine => ({ text, origin: 'team' }));
      cats[cat] = entry.mode === 'append' ? [...(cats[cat] ?? []), ...own] : own;
    }
    merged.set(key, cats);
  }
  return merged;
}
