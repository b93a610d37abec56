import { drawText, textHeight, type Ctx } from '../layout/page.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { drawNoticeBox } from './notice-box.js';

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
  const top = drawNoticeBox(ctx, label(ctx.lang, 'section.disclaimer'), THEME.risk.medium, h);
  drawText(ctx, body, PAGE.left + 10, top, { size: 8.5, width: inner, lineGap: 1.5, color: THEME.text });
  ctx.y += h;
}
