import { constitutionCodeSchema } from '../constitution.js';
import { CONSTITUTION_TYPE_OF_CODE, CONSTITUTION_TYPE_WORDS } from './constitution.js';
import { PATTERN_WORDS } from './patterns.js';
import { VITALS_BAND_WORDS, VITALS_INDICATOR_WORDS } from './vitals-words.js';
import type { Word, WordLang } from './word.js';

/** The frames around an advice key's words: what kind of key it is, in the reader's language. */
const FRAME = {
  default: { zh: '通用建议（没有其他建议适用时）', en: 'General advice (when nothing else applies)' },
  constitution: { zh: '体质：', en: 'Constitution: ' },
  pattern: { zh: '证型：', en: 'Pattern: ' },
  risk: { zh: '风险：', en: 'Risk: ' },
  anyHigh: { zh: '风险：任一指标为高风险', en: 'Risk: any indicator at high risk' },
  separator: { zh: ' · ', en: ' · ' },
} as const satisfies Record<string, Word>;

const has = <T extends object>(words: T, id: string | undefined): id is Extract<keyof T, string> =>
  id !== undefined && Object.hasOwn(words, id);

/**
 * The words of an advice key (`default`, `constitution:B`, `pattern:qi_deficiency`,
 * `risk:bmi:underweight`, `risk:glucose`, `risk:level:high`) for a list people choose from (the
 * conclusion configuration page). A key of a kind or id the vocabulary does not know comes back
 * as it is (a team's entry from a newer engine must still show).
 */
export function adviceKeyWord(key: string, lang: WordLang): string {
  const [kind, id, band, ...rest] = key.split(':');
  if (key === 'default') return FRAME.default[lang];
  if (rest.length) return key;
  if (kind === 'constitution' && band === undefined) {
    const code = constitutionCodeSchema.safeParse(id);
    if (code.success)
      return FRAME.constitution[lang] + CONSTITUTION_TYPE_WORDS[CONSTITUTION_TYPE_OF_CODE[code.data]][lang];
  }
  if (kind === 'pattern' && band === undefined && has(PATTERN_WORDS, id))
    return FRAME.pattern[lang] + PATTERN_WORDS[id][lang];
  if (kind === 'risk' && id === 'level' && band === 'high') return FRAME.anyHigh[lang];
  if (kind === 'risk' && has(VITALS_INDICATOR_WORDS, id)) {
    const name = FRAME.risk[lang] + VITALS_INDICATOR_WORDS[id][lang];
    if (band === undefined) return name;
    if (has(VITALS_BAND_WORDS, band)) return name + FRAME.separator[lang] + VITALS_BAND_WORDS[band][lang];
  }
  return key;
}
