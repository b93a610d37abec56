import type { HealthReport } from '@tcm/contract';
import { drawText, ensureSpace, sectionTitle, textHeight, type Ctx } from '../layout/page.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';

const LABEL_W = 78;

/** Advice: one row per category (diet, lifestyle...), its name on the left and the items as bullets. */
export function drawAdvice(ctx: Ctx, s: NonNullable<HealthReport['advice']>): void {
  sectionTitle(ctx, 'section.advice');
  const width = PAGE.content - LABEL_W;
  s.groups.forEach((g, gi) => {
    const items = g.items.map((i) => `• ${i}`);
    const heights = items.map((i) => textHeight(ctx, i, { width, size: 9, lineGap: 1.5 }) + 2);
    const h = Math.max(14, heights.reduce((a, b) => a + b, 0)) + 6;
    ensureSpace(ctx, h);
    if (gi % 2 === 0) ctx.doc.rect(PAGE.left, ctx.y, PAGE.content, h).fill(THEME.zebra);
    drawText(ctx, label(ctx.lang, g.category), PAGE.left + 6, ctx.y + 3, { size: 9.5, font: 'B', color: THEME.primaryDark, width: LABEL_W - 10 });
    let y = ctx.y + 3;
    items.forEach((item, i) => {
      drawText(ctx, item, PAGE.left + LABEL_W, y, { size: 9, width, lineGap: 1.5 });
      y += heights[i]!;
    });
    ctx.y += h;
  });
  ctx.y += 6;
}
