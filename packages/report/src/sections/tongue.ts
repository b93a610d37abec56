import type { HealthReport } from '@tcm/contract';
import { drawText, ensureSpace, paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawPhoto, toPage } from '../layout/photo.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { drawFindings } from './findings.js';

const PHOTO_W = 170;
const PHOTO_H = 190;

/** Tongue: photo with the segmentation outline on the left, feature rows with evidence on the right. */
export function drawTongue(ctx: Ctx, s: NonNullable<HealthReport['tongue']>): void {
  const t = (k: string) => label(ctx.lang, k);
  sectionTitle(ctx, 'section.tongue', s.photo ? PHOTO_H + 16 : 60);
  const top = ctx.y;
  let bottom = top;
  let tableX = PAGE.left;
  if (s.photo) {
    const p = drawPhoto(ctx, s.photo, 'tongue.photo', PAGE.left, top, PHOTO_W, PHOTO_H);
    if (s.outline) {
      ctx.doc
        .polygon(...toPage(p, s.outline))
        .lineWidth(1.4)
        .lineJoin('round')
        .strokeColor('#22C55E')
        .stroke();
      drawText(ctx, t('tongue.outline'), PAGE.left, p.y + p.height + 3, {
        size: 7,
        color: THEME.muted,
        width: PHOTO_W,
        align: 'center',
      });
    }
    bottom = p.y + p.height + 16;
    tableX = PAGE.left + PHOTO_W + 14;
  }
  drawFindings(ctx, s.features, tableX, PAGE.right - tableX);
  ctx.y = Math.max(ctx.y, bottom);
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  ensureSpace(ctx, 4);
  versionLine(ctx, s.version);
}
