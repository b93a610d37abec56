// Dates, numbers and units in the reader's language, for every page and the PDF (issue 16,
// deliverable 6). Intl does the work with the page language; the shapes are chosen so that no
// page prints a US month/day date:
// - zh: spec §9's `yyyy-MM-dd HH:mm` (24-hour), e.g. 2026-11-26 09:30;
// - en: day, short month name, year, 24-hour time, e.g. 26 Nov 2026, 09:30 (unambiguous to any
//   English reader, unlike 11/26/2026).
// Numbers: grouping and decimal signs of the language, at most `decimals` decimals, no trailing
// zeros. Units: the words a reader of the language expects (次/分 for bpm in Chinese).

export type ReaderLang = 'zh' | 'en';

/** The language of a page (`i18n.language`: 'zh', 'zh-CN', 'en', 'en-US'…) as a reader language. */
export const readerLang = (lang: string | undefined): ReaderLang => (lang?.startsWith('en') ? 'en' : 'zh');

const LOCALE: Record<ReaderLang, string> = { zh: 'zh-CN', en: 'en-GB' };

/**
 * Intl formatters made once per locale and options: building one costs far more than formatting
 * with it (a CPU profile of the batch PDF export, issue 21, put several ms per report in
 * `new Intl.NumberFormat`). The options are few and fixed by the code, so the map stays small.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function cached<F, O>(cache: Map<string, F>, make: (locale: string, o: O) => F, locale: string, o: O): F {
  const key = `${locale}|${JSON.stringify(o)}`;
  let f = cache.get(key);
  if (!f) {
    f = make(locale, o);
    cache.set(key, f);
  }
  return f;
}
const numberFormat = (locale: string, o: Intl.NumberFormatOptions) =>
  cached(numberFormats, (l, x: Intl.NumberFormatOptions) => new Intl.NumberFormat(l, x), locale, o);
const dateFormat = (locale: string, o: Intl.DateTimeFormatOptions) =>
  cached(dateFormats, (l, x: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(l, x), locale, o);

export interface DateOptions {
  /** Print hours and minutes too (default true). */
  time?: boolean;
  /** IANA time zone; default the runtime's (the browser's on a page). */
  timeZone?: string;
}

/** English short month names as en-GB writes them (CLDR: "Sept", not "Sep"). */
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar fields of `d` in the runtime's time zone or in UTC, the two that `Date` can read
 * without Intl; undefined for any other zone and for years Intl writes differently (below 1000,
 * BC, beyond 9999).
 */
function plainFields(d: Date, timeZone: string | undefined) {
  if (timeZone !== undefined && timeZone !== 'UTC') return undefined;
  const utc = timeZone === 'UTC';
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  if (year < 1000 || year > 9999) return undefined;
  return {
    year: String(year),
    month: utc ? d.getUTCMonth() : d.getMonth(),
    day: utc ? d.getUTCDate() : d.getDate(),
    hm: `${pad2(utc ? d.getUTCHours() : d.getHours())}:${pad2(utc ? d.getUTCMinutes() : d.getMinutes())}`,
  };
}

/**
 * A date (or date-time) in the reader's language; an unreadable value comes back as given.
 * In the runtime's zone and in UTC (what pages and reports ask for) the two fixed shapes are written
 * from the date's own fields: the first `Intl.DateTimeFormat` of a page loads the locale's
 * calendar data, one long task of ~40 ms on a phone in the middle of the news page's first
 * render (docs/web.md "First HTML"). The output is Intl's, character for character
 * (reader-format.plain.test.ts compares them); any other time zone goes through Intl.
 */
export function formatDate(value: Date | string | number, lang: ReaderLang, opts: DateOptions = {}): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const time = opts.time ?? true;
  const f = plainFields(d, opts.timeZone);
  if (f) {
    const day =
      lang === 'zh' ? `${f.year}-${pad2(f.month + 1)}-${pad2(f.day)}` : `${f.day} ${MONTHS_EN[f.month]} ${f.year}`;
    return time ? `${day}${lang === 'zh' ? ' ' : ', '}${f.hm}` : day;
  }
  const tz = opts.timeZone ? { timeZone: opts.timeZone } : {};
  if (lang === 'zh') {
    const parts = dateFormat(LOCALE.zh, {
      ...tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    }).formatToParts(d);
    const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
    const day = `${p('year')}-${p('month')}-${p('day')}`;
    return time ? `${day} ${p('hour')}:${p('minute')}` : day;
  }
  return dateFormat(LOCALE.en, {
    ...tz,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).format(d);
}

/**
 * A date written in ISO 8601 (`2026-11-22`, `2026-11-22T09:30:00+08:00`) in the reader's
 * language, with the calendar date and clock time as written: a report prints the time its
 * model states, whatever the time zone of the machine that renders it.
 */
export function formatIsoDate(iso: string, lang: ReaderLang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d, h, mi] = m;
  const utc = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0)));
  return formatDate(utc, lang, { time: h !== undefined, timeZone: 'UTC' });
}

/** A number in the reader's language: at most `decimals` decimals (default 2), no trailing zeros. */
export function formatNumber(value: number | null | undefined, lang: ReaderLang, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(LOCALE[lang], { maximumFractionDigits: decimals }).format(value);
}

/** A 0-1 share as a whole percentage (`0.412` → 41%). */
export const formatPercent = (share: number, lang: ReaderLang): string =>
  numberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 0 }).format(share);

/** Units that read differently by language; any other unit (Hz, dB, ms, kg/m²) is international. */
const UNIT_WORDS: Record<string, { zh: string; en: string }> = {
  bpm: { zh: '次/分', en: 'bpm' },
  s: { zh: '秒', en: 's' },
  years: { zh: '岁', en: 'years' },
};

/** A unit in the reader's language. */
export const unitWord = (unit: string, lang: ReaderLang): string => UNIT_WORDS[unit]?.[lang] ?? unit;

/** A number with its unit (`72 次/分`, `72 bpm`, `1.52%`). */
export function formatMeasure(value: number | null | undefined, unit: string, lang: ReaderLang, decimals = 2): string {
  const n = formatNumber(value, lang, decimals);
  if (n === '—' || !unit) return n;
  return unit === '%' || unit === '°' ? `${n}${unit}` : `${n} ${unitWord(unit, lang)}`;
}
