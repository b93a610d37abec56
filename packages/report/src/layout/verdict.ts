import { colon, label } from '../labels.js';
import { drawText, ensureSpace, textHeight, type Ctx } from './page.js';
import { PAGE, THEME } from './theme.js';

/** Longer headings or evidence are cut with an ellipsis so the box fits on a page. */
const MAX_PART_H = 250;

/** A boxed conclusion: "Title: verdict" in bold, then its evidence as bullet lines. Box at x, width w pt. */
export function drawVerdict(
  ctx: Ctx,
  titleKey: string,
  v: { label: string; evidence: string[] },
  x: number = PAGE.left,
  w: number = PAGE.content,
): void {
  const head = `${label(ctx.lang, titleKey)}${colon(ctx.lang)}${label(ctx.lang, v.label)}`;
  const ev = v.evidence.map((e) => `• ${e}`).join('\n');
  const inner = w - 16;
  const headH = Math.min(MAX_PART_H, textHeight(ctx, head, { width: inner, size: 10, font: 'B' }));
  const evH = ev ? Math.min(MAX_PART_H, textHeight(ctx, ev, { width: inner, size: 8 })) : 0;
  const h = 8 + headH + (ev ? 3 + evH : 0) + 8;
  ensureSpace(ctx, h);
  ctx.doc.roundedRect(x, ctx.y, w, h, 4).fill(THEME.primaryLight);
  ctx.doc.rect(x, ctx.y, 3, h).fill(THEME.primary);
  drawText(ctx, head, x + 10, ctx.y + 8, {
    width: inner,
    size: 10,
    font: 'B',
    color: THEME.primaryDark,
    height: headH + 1,
  });
  if (ev) drawText(ctx, ev, x + 10, ctx.y + 11 + headH, { width: inner, size: 8, height: evH + 1 });
  ctx.y += h + 6;
}
