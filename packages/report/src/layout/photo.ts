import type { ReportImage } from '@tcm/contract';
import { decodeImage } from '../image.js';
import { fail } from '../fail.js';
import type { Ctx } from './page.js';
import { PAGE, THEME } from './theme.js';

/** Where a photo landed: its top-left corner (pt) and pt per image pixel. */
export interface Placement {
  x: number;
  y: number;
  scale: number;
  width: number;
  height: number;
}

/** Draws a photo fitted into the box (x, y, w, h) pt, centred, with a thin frame. */
export function drawPhoto(
  ctx: Ctx,
  img: ReportImage,
  field: string,
  x: number,
  y: number,
  w: number,
  h: number,
): Placement {
  const bytes = decodeImage(img, field);
  const s = Math.min(w / img.width, h / img.height);
  const p = { x: x + (w - img.width * s) / 2, y, scale: s, width: img.width * s, height: img.height * s };
  try {
    ctx.doc.image(bytes, p.x, p.y, { width: p.width, height: p.height });
  } catch (e) {
    fail('REPORT_IMAGE_INVALID', { field, reason: String((e as Error).message) });
  }
  ctx.doc.rect(p.x, p.y, p.width, p.height).lineWidth(0.6).strokeColor(THEME.border).stroke();
  return p;
}

/** Maps image pixel points onto the placed photo, in pt. */
export const toPage = (p: Placement, pts: readonly (readonly [number, number])[]): [number, number][] =>
  pts.map(([px, py]) => [p.x + px * p.scale, p.y + py * p.scale]);

/** The photo column of a section: the photo's box and the space kept below it. */
export interface PhotoColumn {
  /** The photo's field, named in a failure to decode it. */
  field: string;
  width: number;
  height: number;
  /** Space kept below the photo (a caption under it) before the section goes on. */
  below: number;
}

/**
 * A section's photo at the left with what `overlay` draws on it, and the section's rows in the column
 * beside it (across the page without a photo); the cursor ends below the lower of the two.
 */
export function drawBesidePhoto(
  ctx: Ctx,
  img: ReportImage | undefined,
  col: PhotoColumn,
  overlay: (p: Placement) => void,
  side: (x: number, width: number) => void,
): void {
  let bottom = ctx.y;
  let sideX = PAGE.left;
  if (img) {
    const p = drawPhoto(ctx, img, col.field, PAGE.left, ctx.y, col.width, col.height);
    overlay(p);
    bottom = p.y + p.height + col.below;
    sideX = PAGE.left + col.width + 14;
  }
  side(sideX, PAGE.right - sideX);
  ctx.y = Math.max(ctx.y, bottom);
}
