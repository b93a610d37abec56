import type { HealthReport } from '@tcm/contract';
import { ensureSpace, sectionTitle, type Ctx } from '../layout/page.js';
import { PAGE } from '../layout/theme.js';
import { drawTrend } from '../charts/trend.js';

const CHART_H = 112;
const GAP = 18;

const MIN_H = 88;

/**
 * Trends: one line chart per indicator, two per row. `reserveAfter` (pt) is what must follow on
 * the same page (the closing notice): charts shrink down to MIN_H when that saves a page holding
 * only the notice.
 */
export function drawTrends(ctx: Ctx, s: NonNullable<HealthReport['trends']>, reserveAfter = 0): void {
  sectionTitle(ctx, 'section.trends', MIN_H);
  const rows = Math.ceil(s.series.length / 2);
  const fits = (h: number) => ctx.y + rows * (h + 10) + reserveAfter <= PAGE.bottom;
  const chartH = !fits(CHART_H) && fits(MIN_H) ? Math.floor((PAGE.bottom - ctx.y - reserveAfter) / rows) - 10 : CHART_H;
  const w = (PAGE.content - GAP) / 2;
  for (let i = 0; i < s.series.length; i += 2) {
    ensureSpace(ctx, chartH + 8);
    drawTrend(ctx, PAGE.left, ctx.y, w, chartH, s.series[i]!);
    const next = s.series[i + 1];
    if (next) drawTrend(ctx, PAGE.left + w + GAP, ctx.y, w, chartH, next);
    ctx.y += chartH + (i + 2 < s.series.length ? 10 : 2);
  }
}
