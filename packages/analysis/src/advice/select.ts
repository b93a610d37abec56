import type {
  AdviceCategory,
  AdviceResult,
  ConstitutionSummary,
  IndicatorAssessment,
  PatternResult,
} from '@tcm/contract';
import { ADVICE_CATEGORIES, ADVICE_TEMPLATES_VERSION, type AdviceTable } from './merge.js';

/** Most lines per category, so that a report page stays readable. */
export const MAX_LINES_PER_CATEGORY = 10;
/** Most patterns whose advice is used (the strongest first). */
export const MAX_PATTERNS = 3;

/**
 * The advice keys for one person, in priority order: the strongest patterns (likely/possible),
 * the constitution types (是, then 倾向是; 平和质 when balanced), each vitals risk (band key,
 * else indicator key), risk:level:high when any indicator is high; `default` when nothing applies.
 */
export function adviceKeys(
  table: AdviceTable,
  patterns: readonly PatternResult[],
  constitution: ConstitutionSummary | null,
  indicators: readonly IndicatorAssessment[],
): string[] {
  const keys: string[] = [];
  const add = (k: string) => table.has(k) && !keys.includes(k) && keys.push(k);
  patterns
    .filter((p) => p.strength !== 'weak')
    .slice(0, MAX_PATTERNS)
    .forEach((p) => add(`pattern:${p.id}`));
  if (constitution) {
    if (constitution.balanced !== 'no') add('constitution:A');
    [...constitution.types, ...constitution.tendencies].forEach((c) => add(`constitution:${c}`));
  }
  for (const i of indicators.filter((x) => x.level !== 'low')) {
    const specific = `risk:${i.indicator}:${i.band}`;
    add(table.has(specific) ? specific : `risk:${i.indicator}`);
  }
  if (indicators.some((i) => i.level === 'high')) add('risk:level:high');
  if (!keys.length) add('default');
  return keys;
}

/** Collects the lines of the chosen keys per category, merging identical lines and keeping where each came from. */
export function collectAdvice(table: AdviceTable, keys: readonly string[], teamConfig: string | null): AdviceResult {
  const items = Object.fromEntries(
    ADVICE_CATEGORIES.map((c) => [c, [] as AdviceResult['items'][AdviceCategory]]),
  ) as AdviceResult['items'];
  for (const key of keys) {
    const entry = table.get(key)!;
    for (const cat of ADVICE_CATEGORIES) {
      for (const line of entry[cat] ?? []) {
        const same = items[cat].find((x) => x.text.zh === line.text.zh);
        if (same) same.from.push(key);
        else if (items[cat].length < MAX_LINES_PER_CATEGORY)
          items[cat].push({ text: line.text, from: [key], origin: line.origin });
      }
    }
  }
  return { templatesVersion: ADVICE_TEMPLATES_VERSION, teamConfig, keys: [...keys], items };
}
