// Dates, numbers and units in the reader's language, for every page, export and PDF (issue 16,
// deliverable 6; issue 32 item 6).
// - Dates: spec §9's `yyyy-MM-dd HH:mm` (24-hour), e.g. 2026-11-26 09:30, in zh and en alike, on
//   the clinic's wall clock (CLINIC_TIME_ZONE), never a US month/day date or the browser's zone.
// Numbers: grouping and decimal signs of the language, at most `decimals` decimals, no trailing
// zeros. Units: the words a reader of the language expects (次/分 for bpm in Chinese).

export type ReaderLang = 'zh' | 'en';

/**
 * The clinic's time zone: every date and time a reader sees (screens, exports, PDFs) is the
 * clinic's wall clock, whatever the zone of the browser or of the server that renders it
 * (issue 32 item 6). China Standard Time has kept UTC+8 without daylight saving since 1991, so
 * its fields are read from the UTC fields of the shifted instant, without Intl.
 */
export const CLINIC_TIME_ZONE = 'Asia/Shanghai';
const CLINIC_OFFSET_MS = 8 * 3_600_000;

/** The date (yyyy-MM-dd) of an instant on the clinic's calendar; default today. */
export const clinicDay = (at: Date | number | string = Date.now()): string =>
  new Date(new Date(at).getTime() + CLINIC_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An export's file name dated by the clinic's day (`cases-2026-12-02.xlsx`), never the UTC date:
 * from 00:00 to 08:00 in the clinic the UTC date is still yesterday (issue 32 item 6).
 */
export const datedFileName = (stem: string, ext: string, at: Date | number | string = Date.now()): string =>
  `${stem}-${clinicDay(at)}.${ext}`;

/**
 * An instant as ISO 8601 on the clinic's wall clock (`2026-12-02T06:14:22+08:00`): what a report
 * model states, so that `formatIsoDate` prints the clinic's time wherever the PDF is rendered.
 */
export const clinicIso = (at: Date | number | string): string =>
  `${new Date(new Date(at).getTime() + CLINIC_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;

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
  /** IANA time zone; default the clinic's (CLINIC_TIME_ZONE), whatever the runtime's zone. */
  timeZone?: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar fields of `d` in the clinic's zone or in UTC, read from `Date`'s UTC fields
 * without Intl; undefined for any other zone and for years Intl writes differently (below 1000,
 * BC, beyond 9999).
 */
function plainFields(d: Date, timeZone: string) {
  const shift = timeZone === CLINIC_TIME_ZONE ? CLINIC_OFFSET_MS : timeZone === 'UTC' ? 0 : undefined;
  if (shift === undefined) return undefined;
  const x = new Date(d.getTime() + shift);
  const year = x.getUTCFullYear();
  if (year < 1000 || year > 9999) return undefined;
  return {
    day: `${year}-${pad2(x.getUTCMonth() + 1)}-${pad2(x.getUTCDate())}`,
    hm: `${pad2(x.getUTCHours())}:${pad2(x.getUTCMinutes())}`,
  };
}

/**
 * A date (or date-time) as spec §9 writes it, `yyyy-MM-dd HH:mm` (24-hour), on zh and en pages
 * alike (issue 32 item 6: the spec names one format, and a clinician switching language reads
 * the same date); an unreadable value comes back as given. `lang` is kept so that a later
 * language with its own shape changes only this function.
 * In the clinic's zone and in UTC (what pages, exports and reports ask for) the text is written
 * from the date's own fields: the first `Intl.DateTimeFormat` of a page loads the locale's
 * calendar data, one long task of ~40 ms on a phone in the middle of the news page's first
 * render (docs/web.md "First HTML"). The output is Intl's, character for character
 * (reader-format.plain.test.ts compares them); any other time zone goes through Intl.
 */
export function formatDate(value: Date | string | number, lang: ReaderLang, opts: DateOptions = {}): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const time = opts.time ?? true;
  const timeZone = opts.timeZone ?? CLINIC_TIME_ZONE;
  const f = plainFields(d, timeZone) ?? intlFields(d, timeZone);
  return time ? `${f.day} ${f.hm}` : f.day;
}

function intlFields(d: Date, timeZone: string) {
  const parts = dateFormat(LOCALE.zh, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
  return { day: `${p('year')}-${p('month')}-${p('day')}`, hm: `${p('hour')}:${p('minute')}` };
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
