import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, type ReaderLang } from './reader-format.js';

// Intl's own output for the two shapes (reader-format.ts), made here, outside the module.
function intl(d: Date, lang: ReaderLang, time: boolean, timeZone?: string): string {
  const tz = timeZone ? { timeZone } : {};
  const hm = time ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
  if (lang === 'en')
    return new Intl.DateTimeFormat('en-GB', { ...tz, day: 'numeric', month: 'short', year: 'numeric', ...hm }).format(
      d,
    );
  const parts = new Intl.DateTimeFormat('zh-CN', {
    ...tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...hm,
  }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')}${time ? ` ${p('hour')}:${p('minute')}` : ''}`;
}

describe('dates without Intl in the runtime zone and in UTC (the news page first render)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl.DateTimeFormat for the local zone or UTC, in either language', () => {
    // The first formatter of a page loads the locale's calendar data: a long task on a phone.
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const d = new Date(Date.UTC(2026, 10, 26, 1, 2));
    for (const lang of ['zh', 'en'] as const)
      for (const time of [true, false]) {
        formatDate(d, lang, { time });
        formatDate(d.toISOString(), lang, { time, timeZone: 'UTC' });
      }
    expect(made).not.toHaveBeenCalled();
  });

  it("writes Intl's text for every month, hour and both languages", () => {
    const want: string[] = [];
    const got: string[] = [];
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 23, 59],
      ] as const) {
        const d = new Date(2026, month, day, hour, minute);
        for (const lang of ['zh', 'en'] as const)
          for (const time of [true, false])
            for (const timeZone of [undefined, 'UTC']) {
              want.push(intl(d, lang, time, timeZone));
              got.push(formatDate(d, lang, { time, timeZone }));
            }
      }
    expect(got).toEqual(want);
  });

  it('leaves other zones and far years to Intl', () => {
    const d = new Date(Date.UTC(2026, 10, 6, 9, 5));
    expect(formatDate(d, 'zh', { timeZone: 'Asia/Shanghai' })).toBe('2026-11-06 17:05');
    expect(formatDate(d, 'en', { timeZone: 'America/New_York', time: false })).toBe('6 Nov 2026');
    const old = new Date(Date.UTC(999, 0, 2));
    expect(formatDate(old, 'en', { timeZone: 'UTC', time: false })).toBe(intl(old, 'en', false, 'UTC'));
  });
});
