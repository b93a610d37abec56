import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { AUTH_ERRORS, type JigsawChallenge } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

/** Geometry of the challenge, px; the tolerance is how far the dropped piece may miss. */
export const JIGSAW = { width: 320, height: 160, piece: 50, tolerancePx: 6, ttlS: 120 } as const;

const rand = (lo: number, hi: number) => randomInt(lo, hi + 1);
const colour = () => `hsl(${rand(0, 359)},${rand(35, 75)}%,${rand(35, 70)}%)`;

/** Puzzle-piece outline (square with a knob on top and right) at the origin, size s. */
function piecePath(s: number): string {
  const k = s * 0.2;
  const b = s - k; // body size; the knobs stick out into the margin
  return `M0 ${k} H${b / 2 - k / 2} a${k / 2} ${k / 2} 0 1 1 ${k} 0 H${b} V${k + b / 2 - k / 2} a${k / 2} ${k / 2} 0 1 1 0 ${k} V${s} H0 Z`;
}

/** A random abstract background: gradient, circles and polygons, drawn as SVG by sharp. */
function backgroundSvg(w: number, h: number): string {
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    shapes.push(
      `<circle cx="${rand(0, w)}" cy="${rand(0, h)}" r="${rand(8, 40)}" fill="${colour()}" fill-opacity="0.7"/>`,
    );
    const pts = Array.from({ length: 3 }, () => `${rand(0, w)},${rand(0, h)}`).join(' ');
    shapes.push(`<polygon points="${pts}" fill="${colour()}" fill-opacity="0.5"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Renders a challenge and stores its answer (the piece's x) server-side. */
export async function createJigsaw(db: Db): Promise<JigsawChallenge> {
  const { width: w, height: h, piece: s } = JIGSAW;
  const x = rand(s + 20, w - s - 10);
  const y = rand(5, h - s - 5);
  const bg = await sharp(Buffer.from(backgroundSvg(w, h)))
    .png()
    .toBuffer();
  const shape = (fill: string, stroke = '') =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}"><path d="${piecePath(s)}" fill="${fill}" ${stroke}/></svg>`,
    );
  const pieceImg = await sharp(bg)
    .extract({ left: x, top: y, width: s, height: s })
    .composite([{ input: shape('#fff'), blend: 'dest-in' }, { input: shape('none', 'stroke="#fff" stroke-width="2"') }])
    .png()
    .toBuffer();
  const holed = await sharp(bg)
    .composite([
      { input: shape('rgba(0,0,0,0.55)', 'stroke="rgba(255,255,255,0.8)" stroke-width="1.5"'), left: x, top: y },
    ])
    .png()
    .toBuffer();
  // Spent and expired challenges are useless: each new one sweeps those past expiry.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(Date.now() - 60_000)));
  const [row] = await db
    .insert(captchas)
    .values({ answerX: x, expiresAt: new Date(Date.now() + JIGSAW.ttlS * 1000) })
    .returning({ id: captchas.id });
  return {
    captchaId: row!.id,
    backgroundImage: dataUrl(holed),
    pieceImage: dataUrl(pieceImg),
    width: w,
    height: h,
    pieceSize: s,
    pieceY: y,
    expiresIn: JIGSAW.ttlS,
  };
}

/**
 * Consumes a challenge (single use: the first answer, right or wrong, spends it) and checks
 * the offset. Throws CAPTCHA_EXPIRED for unknown, used or expired ids, CAPTCHA_WRONG for a miss.
 */
export async function checkJigsaw(db: Db, captchaId: string, x: number): Promise<void> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) throw new AppError(AUTH_ERRORS.CAPTCHA_EXPIRED);
  if (Math.abs(x - row.answerX) > JIGSAW.tolerancePx) throw new AppError(AUTH_ERRORS.CAPTCHA_WRONG);
}
