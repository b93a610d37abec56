import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, readerLang, type DateOptions, type ReaderLang } from '@tcm/contract';

/**
 * Dates and numbers in the page's language (the contract's reader-format.ts, with the
 * language the reader chose): every page formats through this, never `toLocaleString()`,
 * whose output follows the browser's locale (US dates on a Chinese page).
 */
export function useReaderFormat(): {
  lang: ReaderLang;
  date: (value: Date | string | number, opts?: DateOptions) => string;
  number: (value: number | null | undefined, decimals?: number) => string;
} {
  const { i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  // One object per language, so pages can list `date` / `number` as memo dependencies.
  return useMemo(
    () => ({
      lang,
      date: (value, opts) => formatDate(value, lang, opts),
      number: (value, decimals) => formatNumber(value, lang, decimals),
    }),
    [lang],
  );
}
