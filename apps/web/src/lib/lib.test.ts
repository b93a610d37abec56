import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatPickedDateTime, relativeTime, toFixedNumber } from './format.js';
import { normalizeNumber, resizeParams } from './number-input.js';
import { isEmail, isEmpty, isPhone } from './validators.js';

describe('validators', () => {
  it('checks email with a 2+ letter suffix', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a@b.c')).toBe(false);
    expect(isEmail('a@b.c1')).toBe(false);
    expect(isEmail('no-at.example.com')).toBe(false);
  });
  it('treats the spec empties as empty', () => {
    for (const v of [[], {}, null, 'null', 'undefined', undefined, '']) expect(isEmpty(v)).toBe(true);
    for (const v of [0, false, ' ', [0], { a: 1 }, 'x']) expect(isEmpty(v)).toBe(false);
  });
  it('checks phone numbers', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('010-12345678')).toBe(true);
    expect(isPhone('12345')).toBe(false);
  });
});

describe('format', () => {
  it('formats money in CNY with grouping and 2 decimals', () => {
    expect(formatMoney(1234567.891)).toBe('¥1,234,567.89');
    expect(formatMoney(5, 0)).toBe('¥5');
    expect(toFixedNumber(1.005)).toBe(1.01);
    expect(toFixedNumber(2.34567, 3)).toBe(2.346);
  });
  it('labels relative time', () => {
    const now = new Date(Date.UTC(2026, 0, 10, 4, 0, 0)); // 12:00 at the clinic (UTC+8)
    const ago = (s: number) => relativeTime(new Date(now.getTime() - s * 1000), now);
    expect(ago(10)).toEqual({ key: 'time.justNow' });
    expect(ago(29)).toEqual({ key: 'time.justNow' });
    expect(ago(30)).toEqual({ key: 'time.minutesAgo', count: 1 });
    expect(ago(5 * 60)).toEqual({ key: 'time.minutesAgo', count: 5 });
    expect(ago(3 * 3600)).toEqual({ key: 'time.hoursAgo', count: 3 });
    expect(ago(30 * 3600)).toEqual({ key: 'time.oneDayAgo' });
    expect(ago(3 * 86400)).toEqual({ key: 'time.date', text: '2026-01-07 12:00' });
    // The clinic's clock (UTC+8), whatever the runtime's zone.
    expect(formatDateTime(new Date(Date.UTC(2026, 2, 4, 1, 5)))).toBe('2026-03-04 09:05');
    expect(formatPickedDateTime(new Date(2026, 2, 4, 9, 5))).toBe('2026-03-04 09:05');
  });
});

describe('number input', () => {
  it('clamps, fixes decimals and rejects non-numbers', () => {
    expect(normalizeNumber('12.345', { decimals: 2 })).toBe(12.35);
    expect(normalizeNumber('500', { min: 0, max: 100 })).toBe(100);
    expect(normalizeNumber('-3', { min: 0 })).toBe(0);
    expect(normalizeNumber('abc')).toBeNull();
    expect(normalizeNumber('1e3')).toBe(1000);
    expect(normalizeNumber('')).toBeNull();
    expect(normalizeNumber('12a')).toBeNull();
  });
  it('honors resize parameters only between 1 and 4096', () => {
    expect(resizeParams(100, 4096)).toEqual({ w: 100, h: 4096 });
    expect(resizeParams(0, 5000)).toEqual({});
  });
});
