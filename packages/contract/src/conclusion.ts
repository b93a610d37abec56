import {
  constitutionCodeSchema,
  constitutionResultVerdictSchema,
  type ConstitutionCode,
  type ConstitutionSummary,
  type ConstitutionVerdict,
} from './constitution.js';
import type { SynthesisResult } from './synthesis.js';
import { constitutionWord } from './vocabulary/index.js';
import { PATTERN_WORDS, type SynthesisPatternId } from './vocabulary/patterns.js';
import type { Word, WordLang } from './vocabulary/word.js';

/*
 * A record's short conclusion (the list, the drawers, the exports, the WeChat push) is stored as
 * an id and worded when it is read, in the reader's language (issue 34 item 4): before, the
 * worker stored the words of the record's capture language, so a record captured in English read
 * "Damp-heat pattern" in the Chinese list and the Chinese Excel export. docs/records.md
 * "Conclusion".
 *
 * Ids: `pattern:<pattern id>` (the leading syndrome pattern, the advice keys' spelling), else
 * `constitution:<balanced verdict>:<biased types>:<tendencies>` (type letters, highest first),
 * e.g. `constitution:no:BC:D`. Text that is neither (saved before the ids, and not recognised by
 * the migration) is shown as it was saved.
 */

const isPattern = (id: string): id is SynthesisPatternId => Object.hasOwn(PATTERN_WORDS, id);
const isCode = (c: string): c is ConstitutionCode => constitutionCodeSchema.safeParse(c).success;

type SummaryCodes = Pick<ConstitutionSummary, 'balanced' | 'types' | 'tendencies'>;

/** The conclusion id of a synthesis result: its leading pattern, else its constitution; null: none. */
export function conclusionIdOf(s: SynthesisResult | undefined | null): string | null {
  if (!s) return null;
  const top = s.patterns[0];
  if (top) return `pattern:${top.id}`;
  const c = s.constitution?.summary;
  return c ? `constitution:${c.balanced}:${c.types.join('')}:${c.tendencies.join('')}` : null;
}

/** The constitution codes of a `constitution:` id; null for any other text. */
export function parseConstitutionConclusion(id: string): SummaryCodes | null {
  const m = /^constitution:([a-z_]+):([A-I]*):([A-I]*)$/.exec(id);
  const balanced = m ? constitutionResultVerdictSchema.safeParse(m[1]) : null;
  if (!m || !balanced?.success) return null;
  const codes = (s: string) => [...s].filter(isCode);
  return { balanced: balanced.data, types: codes(m[2]!), tendencies: codes(m[3]!) };
}

const joined = (codes: readonly ConstitutionCode[], lang: WordLang) =>
  codes
    .map((c) => (lang === 'zh' ? constitutionWord(c, 'zh') : constitutionWord(c, 'en').toLowerCase()))
    .join(lang === 'zh' ? '、' : ', ');

/**
 * The words of a constitution determination (ZYYXH/T157-2009), the one wording the engine's
 * summary and a record's conclusion share.
 */
export function constitutionSummaryText(
  balanced: ConstitutionVerdict,
  types: readonly ConstitutionCode[],
  tendencies: readonly ConstitutionCode[],
): Word {
  const tendZh = tendencies.length ? `有${joined(tendencies, 'zh')}倾向` : '';
  const tendEn = tendencies.length ? `a tendency to ${joined(tendencies, 'en')}` : '';
  if (balanced === 'yes') return { zh: '平和质', en: 'Answers suggest a balanced constitution.' };
  if (balanced === 'basically_yes') {
    return {
      zh: tendZh ? `基本是平和质，${tendZh}` : '基本是平和质',
      en: `Answers suggest a basically balanced constitution${tendEn ? `, with ${tendEn}` : ''}.`,
    };
  }
  if (types.length) {
    return {
      zh: `是${joined(types, 'zh')}${tendZh ? `，${tendZh}` : ''}`,
      en: `Answers suggest ${joined(types, 'en')} constitution${tendEn ? `, with ${tendEn}` : ''}.`,
    };
  }
  if (tendencies.length) return { zh: tendZh, en: `Answers suggest ${tendEn}.` };
  // The standard has no label here (balanced < 60 yet no biased type reaches 30): say so plainly.
  return {
    zh: '未能判定（不典型）：平和质转化分低于60，且无偏颇体质达到30',
    en: 'Undetermined (atypical): the balanced score is below 60 and no biased type reaches 30.',
  };
}

/** Both words of a stored conclusion; null for text that is no id (shown as saved). */
export function conclusionWords(stored: string): Word | null {
  if (stored.startsWith('pattern:')) {
    const id = stored.slice('pattern:'.length);
    return isPattern(id) ? PATTERN_WORDS[id] : null;
  }
  const c = parseConstitutionConclusion(stored);
  return c ? constitutionSummaryText(c.balanced, c.types, c.tendencies) : null;
}

/** A stored conclusion in the reader's language; text saved before the ids comes back as it is. */
export function conclusionText(stored: string | null, lang: WordLang): string | null {
  if (!stored) return null;
  return conclusionWords(stored)?.[lang] ?? stored;
}
