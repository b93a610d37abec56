import type { HealthReport } from '@tcm/contract';
import { drawText, textHeight, type Ctx } from '../layout/page.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { drawNoticeBox } from './notice-box.js';

const SIZE = 9;

/**
 * The boxed list of what a partial record lacks (issue 32), right under the header so nobody
 * reads the report as complete: each part with its reason, then what that means for the rest.
 */
export function drawMissing(ctx: Ctx, missing: NonNullable<HealthReport['missing']>): void {
  const inner = PAGE.content - 20;
  const sep = ctx.lang === 'zh' ? '：' : ': ';
  const lines = [
    ...missing.map((m) => `• ${label(ctx.lang, m.part)}${sep}${m.reason}`),
    label(ctx.lang, 'missing.note'),
  ];
  const heights = lines.map((l) => textHeight(ctx, l, { width: inner, size: SIZE, lineGap: 1.5 }) + 3);
  const h = 8 + 14 + heights.reduce((a, b) => a + b, 0) + 6;
  ctx.y += 8;
  let y = drawNoticeBox(ctx, label(ctx.lang, 'section.missing'), THEME.risk.high, h);
  lines.forEach((l, i) => {
    drawText(ctx, l, PAGE.left + 10, y, { size: SIZE, width: inner, lineGap: 1.5, color: THEME.text });
    y += heights[i]!;
  });
  ctx.y += h;
}
