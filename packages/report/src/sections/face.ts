import type { HealthReport } from '@tcm/contract';
import { drawText, ensureSpace, paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawBesidePhoto, toPage, type PhotoColumn, type Placement } from '../layout/photo.js';
import { scoreBar } from '../layout/table.js';
import { drawVerdict } from '../layout/verdict.js';
import { PAGE, THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { drawFindings } from './findings.js';

const PHOTO: PhotoColumn = { field: 'face.photo', width: 170, height: 210, below: 8 };
const REGION = '#F59E0B';

const boxCorners = ([x, y, w, h]: [number, number, number, number]): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/**
 * Outlines each region on the photo and names it at the photo's nearer side edge with a leader
 * line, so labels never cover the face; labels on one side are pushed apart vertically.
 */
function drawRegions(ctx: Ctx, p: Placement, regions: { name: string; pts: [number, number][] | undefined }[]): void {
  const { doc } = ctx;
  const mid = p.x + p.width / 2;
  const placed = regions.flatMap((r) => {
    if (!r.pts) return [];
    const page = toPage(p, r.pts);
    doc
      .polygon(...page)
      .lineWidth(1)
      .strokeColor(REGION)
      .stroke();
    const xs = page.map((q) => q[0]);
    const ys = page.map((q) => q[1]);
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const left = (Math.min(...xs) + Math.max(...xs)) / 2 < mid;
    return [{ name: r.name, left, cy, anchorX: left ? Math.min(...xs) : Math.max(...xs) }];
  });
  for (const side of [true, false]) {
    let lastY = -Infinity;
    for (const r of placed.filter((q) => q.left === side).sort((a, b) => a.cy - b.cy)) {
      const y = Math.max(r.cy, lastY + 10);
      lastY = y;
      doc.font('R').fontSize(6.5);
      const w = doc.widthOfString(r.name) + 6;
      const lx = side ? p.x + 2 : p.x + p.width - 2 - w;
      doc
        .moveTo(side ? lx + w : lx, y)
        .lineTo(r.anchorX, r.cy)
        .lineWidth(0.6)
        .strokeColor(REGION)
        .stroke();
      doc.save();
      doc
        .roundedRect(lx, y - 5, w, 10, 2)
        .fillOpacity(0.85)
        .fill('#FFFFFF');
      doc.restore();
      drawText(ctx, r.name, lx + 3, y - 4.5, { size: 6.5, color: '#92400E' });
    }
  }
}

/** Face: photo with the analyzed regions drawn on it; complexion and features beside; skin score bars below. */
export function drawFace(ctx: Ctx, s: NonNullable<HealthReport['face']>): void {
  const t = (k: string) => label(ctx.lang, k);
  sectionTitle(ctx, 'section.face', s.photo ? PHOTO.height + 10 : 60);
  const regions = () =>
    s.regions.map((r) => ({ name: t(r.name), pts: r.polygon ?? (r.box ? boxCorners(r.box) : undefined) }));
  drawBesidePhoto(
    ctx,
    s.photo,
    PHOTO,
    (p) => drawRegions(ctx, p, regions()),
    (x, width) => {
      if (s.complexion) drawVerdict(ctx, 'face.feature.complexion', s.complexion, x, width);
      drawFindings(ctx, s.features, x, width);
    },
  );
  if (s.skinScores.length) {
    const rows = Math.ceil(s.skinScores.length / 2);
    ensureSpace(ctx, 16 + rows * 15);
    drawText(ctx, t('face.skinScores'), PAGE.left, ctx.y, { size: 9, font: 'B', color: THEME.primaryDark });
    ctx.y += 15;
    const colW = PAGE.content / 2;
    s.skinScores.forEach((sc, i) => {
      const x = PAGE.left + (i % 2) * colW;
      const y = ctx.y + Math.floor(i / 2) * 15;
      drawText(ctx, t(sc.name), x, y, { size: 8.5, width: 80 });
      // Neutral color: the scores say how pronounced a feature is, not whether that is a risk.
      const low = sc.lowConfidence === true;
      scoreBar(sc.score, 100, THEME.chart.fill).draw(ctx, x + 84, y, colW - (low ? 160 : 100));
      if (low)
        drawText(ctx, t('face.lowConfidence'), x + colW - 72, y, { size: 7.5, width: 60, color: THEME.risk.medium });
    });
    ctx.y += rows * 15 + 4;
    if (s.skinScores.some((sc) => sc.lowConfidence)) paragraph(ctx, t('face.lowConfidenceNote'), { size: 7.5 });
  }
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  versionLine(ctx, s.version);
}
