import { drawText, ensureSpace, textHeight, type Ctx } from '../layout/page.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';

const GAP = 6;

/** Height (pt, with the gap above it) the closing notice will take. */
export function disclaimerHeight(ctx: Ctx, custom?: string): number {
  const body = custom ?? label(ctx.lang, 'disclaimer.text');
  return GAP + 8 + 14 + textHeight(ctx, body, { width: PAGE.content - 20, size: 8.5, lineGap: 1.5 }) + 8;
}

/** Boxed decision-support notice closing the report. */
export function drawDisclaimer(ctx: Ctx, custom?: string): void {
  const body = custom ?? label(ctx.lang, 'disclaimer.text');
  const inner = PAGE.content - 20;
  const h = disclaimerHeight(ctx, custom) - GAP;
  ctx.y += GAP;
  ensureSpace(ctx, h);
  ctx.doc.roundedRect(PAGE.left, ctx.y, PAGE.content, h, 4).lineWidth(0.8).strokeColor(THEME.risk.medium).stroke();
  drawText(ctx, label(ctx.lang, 'section.disclaimer'), PAGE.left + 10, ctx.y + 7, {
    size: 9.5,
    font: 'B',
    color: THEME.risk.medium,
  });
  drawText(ctx, body, PAGE.left + 10, ctx.y + 22, { size: 8.5, width: inner, lineGap: 1.5, color: THEME.text });
  ctx.y += h;
}
