import { drawText, ensureSpace, type Ctx } from '../layout/page.js';
import { PAGE } from '../layout/theme.js';

/**
 * The frame of a boxed notice (the closing disclaimer, the list of what a partial record lacks):
 * kept whole on one page, outlined and titled in `color`. Returns the y where its text starts.
 */
export function drawNoticeBox(ctx: Ctx, title: string, color: string, height: number): number {
  ensureSpace(ctx, height);
  ctx.doc.roundedRect(PAGE.left, ctx.y, PAGE.content, height, 4).lineWidth(0.8).strokeColor(color).stroke();
  drawText(ctx, title, PAGE.left + 10, ctx.y + 7, { size: 9.5, font: 'B', color });
  return ctx.y + 22;
}
