import type { z } from 'zod';
import { formatIsoDate, type trendSeriesSchema } from '@tcm/contract';
import { drawText, type Ctx } from '../layout/page.js';
import { THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { niceTicks, scale } from './axes.js';

type Series = z.infer<typeof trendSeriesSchema>;

const day = (iso: string) => Date.parse(iso.slice(0, 10) + 'T00:00:00Z');

/**
 * One indicator over time as a vector line chart in the box (x, y, w, h) pt: the reference
 * range as a green band, points spaced by their real dates, the last value printed.
 */
export function drawTrend(ctx: Ctx, x: number, y: number, w: number, h: number, s: Series): void {
  const { doc } = ctx;
  const title = s.unit ? `${label(ctx.lang, s.indicator)} (${s.unit})` : label(ctx.lang, s.indicator);
  drawText(ctx, title, x, y, { size: 8.5, font: 'B', width: w });
  const top = y + 14;
  const padL = 28;
  const padB = 14;
  const pw = w - padL - 6;
  const ph = h - 14 - padB;
  const pts = [...s.points].sort((a, b) => day(a.date) - day(b.date));
  const values = pts.map((p) => p.value);
  const ref = s.reference;
  const all = [...values, ...(ref?.low !== undefined ? [ref.low] : []), ...(ref?.high !== undefined ? [ref.high] : [])];
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  const pad = (hi - lo) * 0.12 || Math.abs(hi) * 0.1 || 1;
  lo -= pad;
  hi += pad;
  const t0 = day(pts[0]!.date);
  const t1 = day(pts[pts.length - 1]!.date);
  const sx = scale(t0, t1, x + padL + 6, x + padL + pw - 6);
  const sy = scale(lo, hi, top + ph, top);
  if (ref && (ref.low !== undefined || ref.high !== undefined)) {
    const yHigh = sy(Math.min(ref.high ?? hi, hi));
    const yLow = sy(Math.max(ref.low ?? lo, lo));
    doc.rect(x + padL, yHigh, pw, yLow - yHigh).fill(THEME.chart.band);
  }
  for (const t of niceTicks(lo, hi, 4)) {
    doc
      .moveTo(x + padL, sy(t))
      .lineTo(x + padL + pw, sy(t))
      .lineWidth(0.4)
      .strokeColor(THEME.chart.grid)
      .stroke();
    drawText(ctx, String(t), x, sy(t) - 4, { size: 6.5, color: THEME.muted, width: padL - 3, align: 'right' });
  }
  doc
    .rect(x + padL, top, pw, ph)
    .lineWidth(0.6)
    .strokeColor(THEME.border)
    .stroke();
  pts.forEach((p, i) =>
    i === 0 ? doc.moveTo(sx(day(p.date)), sy(p.value)) : doc.lineTo(sx(day(p.date)), sy(p.value)),
  );
  if (pts.length > 1) doc.lineWidth(1.3).lineJoin('round').strokeColor(THEME.chart.line).stroke();
  pts.forEach((p) => doc.circle(sx(day(p.date)), sy(p.value), 2.2).fill(THEME.chart.line));
  const last = pts[pts.length - 1]!;
  drawText(ctx, String(last.value), sx(day(last.date)) - 30, sy(last.value) - 11, {
    size: 7,
    font: 'B',
    color: THEME.primaryDark,
    width: 30,
    align: 'right',
  });
  const labelled = pts.length <= 4 ? pts : [pts[0]!, pts[Math.floor(pts.length / 2)]!, last];
  labelled.forEach((p) =>
    drawText(ctx, formatIsoDate(p.date.slice(0, 10), ctx.lang), sx(day(p.date)) - 28, top + ph + 3, {
      size: 6.5,
      color: THEME.muted,
      width: 56,
      align: 'center',
    }),
  );
}
