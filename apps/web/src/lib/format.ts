import { formatDate } from '@tcm/contract';

/** Money of spec §9: zh-CN, CNY, 2 decimals by default, digit grouping. */
export function formatMoney(amount: number, decimals = 2): string {
  return new Intl.NumberFormat('zh-CN', {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: true,
  }).format(amount);
}

/** Numeric helper of spec §9: fixed decimals (default 2) as a number. */
export function toFixedNumber(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * f) / f;
}

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * Date format of spec §9 'yyyy-MM-dd HH:mm' on the clinic's clock (the contract's reader-format,
 * the same in zh and en): what a reader sees, whatever the browser's time zone (issue 32).
 */
export const formatDateTime = (d: Date): string => formatDate(d, 'zh');

/**
 * A moment picked on this browser's calendar (a date picker's value), written as the combined
 * query sends it (spec §5 'yyyy-MM-dd hh:mm'): the browser's own fields, not the clinic's.
 */
export function formatPickedDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export type RelativeLabel =
  | { key: 'time.justNow' }
  | { key: 'time.minutesAgo'; count: number }
  | { key: 'time.hoursAgo'; count: number }
  | { key: 'time.oneDayAgo' }
  | { key: 'time.date'; text: string };

/** Relative time label of spec §9: under 30 s 'just now', then minutes, hours, 1 day, then the date. */
export function relativeTime(then: Date, now: Date): RelativeLabel {
  const s = Math.max(0, (now.getTime() - then.getTime()) / 1000);
  if (s < 30) return { key: 'time.justNow' };
  if (s < 3600) return { key: 'time.minutesAgo', count: Math.max(1, Math.floor(s / 60)) };
  if (s < 86400) return { key: 'time.hoursAgo', count: Math.floor(s / 3600) };
  if (s < 2 * 86400) return { key: 'time.oneDayAgo' };
  return { key: 'time.date', text: formatDateTime(then) };
}
