import type { HealthReport } from '@tcm/contract';
import { ensureSpace, sectionTitle, type Ctx } from '../layout/page.js';
import { PAGE } from '../layout/theme.js';
import { drawTrend } from '../charts/trend.js';

const CHART_H = 112;
const GAP = 18;

/** Trends: one line chart per indicator, two per row. */
export function drawTrends(ctx: Ctx, s: NonNullable<HealthReport['trends']>): void {
  sectionTitle(ctx, 'section.trends', CHART_H);
  const w = (PAGE.content - GAP) / 2;
  for (let i = 0; i < s.series.length; i += 2) {
    ensureSpace(ctx, CHART_H + 8);
    drawTrend(ctx, PAGE.left, ctx.y, w, CHART_H, s.series[i]!);
    const next = s.series[i + 1];
    if (next) drawTrend(ctx, PAGE.left + w + GAP, ctx.y, w, CHART_H, next);
    ctx.y += CHART_H + (i + 2 < s.series.length ? 10 : 2);
  }
}
