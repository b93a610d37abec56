import { TRANSLATION_LANGS, type TranslationEntry, type TranslationLang } from '@tcm/contract';

/** How many of the given entries have a (non-blank) translation in each language. */
export function languageCoverage(
  entries: readonly Pick<TranslationEntry, TranslationLang>[],
): Array<{ lang: TranslationLang; configured: number }> {
  return TRANSLATION_LANGS.map((lang) => ({
    lang,
    configured: entries.filter((e) => (e[lang] ?? '').trim() !== '').length,
  }));
}
