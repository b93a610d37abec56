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
    const name = label(ctx.lang, g.category);
    const nameH = textHeight(ctx, name, { size: 9.5, font: 'B', width: LABEL_W - 10 });
    // Item by item, so a long group flows over pages; the band color marks the group.
    g.items.forEach((item, i) => {
      const text = `• ${item}`;
      const h =
        Math.max(i === 0 ? nameH : 0, textHeight(ctx, text, { width, size: 9, lineGap: 1.5 })) +
        (i === 0 ? 5 : 2) +
        (i === g.items.length - 1 ? 3 : 0);
      ensureSpace(ctx, h);
      if (gi % 2 === 0) ctx.doc.rect(PAGE.left, ctx.y, PAGE.content, h).fill(THEME.zebra);
      const top = ctx.y + (i === 0 ? 3 : 0);
      if (i === 0)
        drawText(ctx, name, PAGE.left + 6, top, {
          size: 9.5,
          font: 'B',
          color: THEME.primaryDark,
          width: LABEL_W - 10,
        });
      drawText(ctx, text, PAGE.left + LABEL_W, top, { size: 9, width, lineGap: 1.5, height: PAGE.bottom - top });
      ctx.y += h;
    });
  });
  ctx.y += 6;
}
