import { describe, expect, it } from 'vitest';
import { formatDate, formatIsoDate, formatMeasure, formatNumber, formatPercent, readerLang } from './reader-format.js';

describe('dates, numbers and units by the reader language', () => {
  const d = new Date(Date.UTC(2026, 10, 6, 9, 5));

  it('prints spec §9 yyyy-MM-dd HH:mm on Chinese and English pages, on the clinic clock, never a US date', () => {
    expect(formatDate(d, 'zh', { timeZone: 'UTC' })).toBe('2026-11-06 09:05');
    // Default: the clinic's zone (UTC+8), whatever the runtime's zone (tests run in UTC).
    expect(formatDate(d, 'zh')).toBe('2026-11-06 17:05');
    expect(formatDate(d, 'en')).toBe('2026-11-06 17:05');
    expect(formatDate(d, 'zh', { time: false, timeZone: 'UTC' })).toBe('2026-11-06');
    expect(formatDate(d.toISOString(), 'en', { time: false })).toBe('2026-11-06');
    // 22:14 UTC is the next morning at the clinic (the case list read 12/1/2026, 10:14:22 PM).
    expect(formatDate('2026-12-01T22:14:22Z', 'en')).toBe('2026-12-02 06:14');
    expect(formatDate(d, 'en')).not.toMatch(/11\/6\/2026|AM|PM|Nov/);
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('keeps the date and time an ISO string states', () => {
    expect(formatIsoDate('2026-11-22T09:30:00+08:00', 'zh')).toBe('2026-11-22 09:30');
    expect(formatIsoDate('2026-11-22', 'zh')).toBe('2026-11-22');
    expect(formatIsoDate('2026-11-22', 'en')).toBe('2026-11-22');
    expect(formatIsoDate('2026-11-22T23:59:00Z', 'en')).toBe('2026-11-22 23:59');
  });

  it('formats numbers, shares and units', () => {
    expect(formatNumber(12345.678, 'en')).toBe('12,345.68');
    expect(formatNumber(1.5, 'zh', 0)).toBe('2');
    expect(formatNumber(null, 'zh')).toBe('—');
    expect(formatPercent(0.412, 'zh')).toBe('41%');
    expect(formatMeasure(72, 'bpm', 'zh', 0)).toBe('72 次/分');
    expect(formatMeasure(72, 'bpm', 'en', 0)).toBe('72 bpm');
    expect(formatMeasure(1.523, '%', 'en')).toBe('1.52%');
    expect(readerLang('en-US')).toBe('en');
    expect(readerLang('zh-CN')).toBe('zh');
  });
});
