import type { HealthReport } from '@tcm/contract';
import { drawText, ensureSpace, paragraph, sectionTitle, textHeight, type Ctx } from '../layout/page.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';

/** Advice: one block per category (diet, lifestyle...), items as bullets. */
export function drawAdvice(ctx: Ctx, s: NonNullable<HealthReport['advice']>): void {
  sectionTitle(ctx, 'section.advice');
  for (const g of s.groups) {
    const first = s.groups[0] === g ? 0 : 4;
    const firstItemH = textHeight(ctx, `• ${g.items[0] ?? ''}`, { width: PAGE.content - 14, size: 9 });
    ctx.y += first;
    ensureSpace(ctx, 16 + firstItemH);
    drawText(ctx, label(ctx.lang, g.category), PAGE.left, ctx.y, { size: 9.5, font: 'B', color: THEME.primaryDark });
    ctx.y += 15;
    for (const item of g.items) paragraph(ctx, `• ${item}`, { size: 9, indent: 10, lineGap: 2 });
  }
  ctx.y += 4;
}
