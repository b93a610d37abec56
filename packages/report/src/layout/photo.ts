import type { ReportImage } from '@tcm/contract';
import { decodeImage } from '../image.js';
import { fail } from '../fail.js';
import type { Ctx } from './page.js';
import { THEME } from './theme.js';

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
