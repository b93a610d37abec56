import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLINIC_TIME_ZONE, clinicDay, formatDate } from './reader-format.js';

// Intl's own output for spec §9's shape (reader-format.ts), made here, outside the module.
function intl(d: Date, time: boolean, timeZone: string): string {
  const hm = time ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
  const parts = new Intl.DateTimeFormat('zh-CN', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...hm,
  }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')}${time ? ` ${p('hour')}:${p('minute')}` : ''}`;
}

describe("dates without Intl in the clinic's zone and in UTC (the news page first render)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes no Intl.DateTimeFormat for the clinic's zone or UTC, in either language", () => {
    // The first formatter of a page loads the locale's calendar data: a long task on a phone.
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const d = new Date(Date.UTC(2026, 10, 26, 1, 2));
    for (const lang of ['zh', 'en'] as const)
      for (const time of [true, false]) {
        formatDate(d, lang, { time });
        formatDate(d.toISOString(), lang, { time, timeZone: 'UTC' });
        formatDate(d, lang, { time, timeZone: CLINIC_TIME_ZONE });
      }
    clinicDay(d);
    expect(made).not.toHaveBeenCalled();
  });

  it("writes Intl's text for every month, hour and both languages, and the clinic's day", () => {
    const want: string[] = [];
    const got: string[] = [];
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 15, 59],
        [28, 23, 59],
      ] as const) {
        const d = new Date(Date.UTC(2026, month, day, hour, minute));
        for (const lang of ['zh', 'en'] as const)
          for (const time of [true, false])
            for (const timeZone of [undefined, 'UTC', CLINIC_TIME_ZONE]) {
              want.push(intl(d, time, timeZone ?? CLINIC_TIME_ZONE));
              got.push(formatDate(d, lang, { time, timeZone }));
            }
        want.push(intl(d, false, CLINIC_TIME_ZONE));
        got.push(clinicDay(d));
      }
    expect(got).toEqual(want);
  });

  it('leaves other zones and far years to Intl', () => {
    const d = new Date(Date.UTC(2026, 10, 6, 9, 5));
    expect(formatDate(d, 'en', { timeZone: 'America/New_York', time: false })).toBe('2026-11-06');
    expect(formatDate(d, 'zh', { timeZone: 'America/New_York' })).toBe('2026-11-06 04:05');
    const old = new Date(Date.UTC(999, 0, 2));
    expect(formatDate(old, 'en', { timeZone: 'UTC', time: false })).toBe(intl(old, false, 'UTC'));
  });
});
