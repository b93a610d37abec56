import { SCORE_SCALES, VOCABULARY, type ReportLanguage } from '@tcm/contract';
import texts from './labels.json' with { type: 'json' };

type Entry = { readonly zh: string; readonly en: string };

/**
 * The fixed texts of the PDFs (titles, headings, columns), in zh and en. The words of engine
 * results (features, labels, classes, types, verdicts, risk levels, measures) are the contract's
 * vocabulary: model fields typed as `label` may name a key of this dictionary or a vocabulary id
 * (`tongue.feature.bodyColor`, `constitution.type.balanced`); anything else is printed as written.
 * The texts are data, `labels.json` (`labels.test.ts` checks both languages of every key).
 */
export const LABELS = {
  ...texts,
  // The scale's direction comes from the contract, as on the result page.
  'face.skinScores': SCORE_SCALES['face.metric.spots'].scale,
} as const satisfies Record<string, Entry>;

export type LabelKey = keyof typeof LABELS;

const isKey = (s: string): s is LabelKey => Object.hasOwn(LABELS, s);

/** The label-value separator: full-width colon in Chinese, colon and space in English. */
export const colon = (lang: ReportLanguage): string => (lang === 'zh' ? '：' : ': ');

/**
 * Text of a dictionary key or a vocabulary id in `lang`, with `{name}` placeholders filled; other
 * strings pass through (ids only: the keys models used before the vocabulary, `tongue.bodyColour`,
 * are gone with issue 38, as every model is now made by the report mapping).
 */
export function label(lang: ReportLanguage, keyOrText: string, vars: Record<string, string | number> = {}): string {
  const raw = isKey(keyOrText)
    ? LABELS[keyOrText][lang]
    : Object.hasOwn(VOCABULARY, keyOrText)
      ? VOCABULARY[keyOrText]![lang]
      : keyOrText;
  return raw.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
