import type { HealthReport } from '@tcm/contract';
import { drawText, ensureSpace, paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawBesidePhoto, toPage, type PhotoColumn, type Placement } from '../layout/photo.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { drawFindings } from './findings.js';

const PHOTO: PhotoColumn = { field: 'tongue.photo', width: 170, height: 190, below: 16 };

/** The segmentation outline on the photo, captioned below it. */
function drawOutline(ctx: Ctx, p: Placement, outline: [number, number][] | undefined): void {
  if (!outline) return;
  ctx.doc
    .polygon(...toPage(p, outline))
    .lineWidth(1.4)
    .lineJoin('round')
    .strokeColor('#22C55E')
    .stroke();
  drawText(ctx, label(ctx.lang, 'tongue.outline'), PAGE.left, p.y + p.height + 3, {
    size: 7,
    color: THEME.muted,
    width: PHOTO.width,
    align: 'center',
  });
}

/** Tongue: photo with the segmentation outline on the left, feature rows with evidence on the right. */
export function drawTongue(ctx: Ctx, s: NonNullable<HealthReport['tongue']>): void {
  sectionTitle(ctx, 'section.tongue', s.photo ? PHOTO.height + 16 : 60);
  drawBesidePhoto(
    ctx,
    s.photo,
    PHOTO,
    (p) => drawOutline(ctx, p, s.outline),
    (x, width) => drawFindings(ctx, s.features, x, width),
  );
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  ensureSpace(ctx, 4);
  versionLine(ctx, s.version);
}
