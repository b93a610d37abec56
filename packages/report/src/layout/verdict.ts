import { colon, label } from '../labels.js';
import { drawText, ensureSpace, textHeight, type Ctx } from './page.js';
import { PAGE, THEME } from './theme.js';

/** A boxed conclusion: "Title: verdict" in bold, then its evidence as bullet lines. Box at x, width w pt. */
export function drawVerdict(ctx: Ctx, titleKey: string, v: { label: string; evidence: string[] }, x: number = PAGE.left, w: number = PAGE.content): void {
  const head = `${label(ctx.lang, titleKey)}${colon(ctx.lang)}${label(ctx.lang, v.label)}`;
  const ev = v.evidence.map((e) => `• ${e}`).join('\n');
  const inner = w - 16;
  const h = 8 + textHeight(ctx, head, { width: inner, size: 10, font: 'B' }) + (ev ? 3 + textHeight(ctx, ev, { width: inner, size: 8 }) : 0) + 8;
  ensureSpace(ctx, h);
  ctx.doc.roundedRect(x, ctx.y, w, h, 4).fill(THEME.primaryLight);
  ctx.doc.rect(x, ctx.y, 3, h).fill(THEME.primary);
  drawText(ctx, head, x + 10, ctx.y + 8, { width: inner, size: 10, font: 'B', color: THEME.primaryDark });
  if (ev) drawText(ctx, ev, x + 10, ctx.y + 11 + textHeight(ctx, head, { width: inner, size: 10, font: 'B' }), { width: inner, size: 8 });
  ctx.y += h + 6;
}
