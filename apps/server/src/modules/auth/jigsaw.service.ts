import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { AUTH_ERRORS, type JigsawChallenge } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { assertPow, spendChallenge, storeChallenge } from './challenge.repo.js';

/**
 * Geometry of the challenge, px; the tolerance is how far the dropped piece may miss. `decoys`
 * hole-like shapes of other orientations share the piece's row; `noise` is the grain amplitude
 * (0–255) over the background; an answer sooner than `minSolveMs` after issue is no person's.
 */
export const JIGSAW = {
  width: 320,
  height: 160,
  piece: 50,
  tolerancePx: 6,
  ttlS: 120,
  decoys: 2,
  noise: 28,
  minSolveMs: 400,
} as const;

const rand = (lo: number, hi: number) => randomInt(lo, hi + 1);
const colour = () => `hsl(${rand(0, 359)},${rand(35, 75)}%,${rand(35, 70)}%)`;

/** Puzzle-piece outline (square with a knob on top and right) at the origin, size s. */
function piecePath(s: number): string {
  const k = s * 0.2;
  const b = s - k; // body size; the knobs stick out into the margin
  return `M0 ${k} H${b / 2 - k / 2} a${k / 2} ${k / 2} 0 1 1 ${k} 0 H${b} V${k + b / 2 - k / 2} a${k / 2} ${k / 2} 0 1 1 0 ${k} V${s} H0 Z`;
}

/** The piece outline turned by `deg` about its center, as an SVG of size s (decoys use 90/180/270). */
const shapeSvg = (s: number, deg: number, attrs: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}"><path d="${piecePath(s)}" transform="rotate(${deg} ${s / 2} ${s / 2})" ${attrs}/></svg>`,
  );

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

/** Left edges of the real hole (first) and the decoys: in one row, not overlapping. */
function holePositions(w: number, s: number, count: number): number[] {
  for (;;) {
    const xs = [rand(s + 20, w - s - 10), ...Array.from({ length: count - 1 }, () => rand(0, w - s - 1))];
    if (xs.every((a, i) => xs.every((b, j) => i === j || Math.abs(a - b) >= s + 4))) return xs;
  }
}

/** Adds independent grain to every pixel, so no pixel of the piece equals its place in the background. */
async function withGrain(png: Buffer, amp: number): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const noise = randomBytes(data.length);
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, data[i]! + ((noise[i]! / 255) * 2 - 1) * amp));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * Renders a challenge and stores its answer (the piece's x) server-side. Against template
 * matching: the holes are filled (the background under the real one is not shown darkened, so
 * the piece's pixels match nowhere), decoy holes of other orientations share the row, and grain
 * covers the image. A person matches the piece's outline to the hole of the same shape.
 */
export async function createJigsaw(db: Db, powBits: number): Promise<JigsawChallenge> {
  const { width: w, height: h, piece: s } = JIGSAW;
  const [x, ...decoys] = holePositions(w, s, JIGSAW.decoys + 1) as [number, ...number[]];
  const y = rand(5, h - s - 5);
  const bg = await sharp(Buffer.from(backgroundSvg(w, h)))
    .png()
    .toBuffer();
  const pieceImg = await sharp(bg)
    .extract({ left: x, top: y, width: s, height: s })
    .composite([
      { input: shapeSvg(s, 0, 'fill="#fff"'), blend: 'dest-in' },
      { input: shapeSvg(s, 0, 'fill="none" stroke="rgba(0,0,0,0.6)" stroke-width="2"') },
    ])
    .png()
    .toBuffer();
  const turns = [90, 180, 270].sort(() => randomInt(0, 2) - 0.5);
  // A pale frosted fill hides what lay under the hole; one tone for the real hole and the decoys.
  const fill = `hsl(${rand(0, 359)},${rand(5, 25)}%,${rand(82, 92)}%)`;
  const hole = (deg: number) =>
    shapeSvg(s, deg, `fill="${fill}" fill-opacity="0.88" stroke="#222" stroke-opacity="0.7" stroke-width="1.5"`);
  const holed = await withGrain(
    await sharp(bg)
      .composite([
        { input: hole(0), left: x, top: y },
        ...decoys.map((dx, i) => ({ input: hole(turns[i % turns.length]!), left: dx, top: y })),
      ])
      .png()
      .toBuffer(),
    JIGSAW.noise,
  );
  const captchaId = await storeChallenge(db, 'jigsaw', x, JIGSAW.ttlS);
  return {
    captchaId,
    backgroundImage: dataUrl(holed),
    pieceImage: dataUrl(pieceImg),
    width: w,
    height: h,
    pieceSize: s,
    pieceY: y,
    expiresIn: JIGSAW.ttlS,
    powBits,
  };
}

/**
 * Spends a challenge (single use: the first answer, right or wrong, spends it) and checks the
 * offset. Throws CAPTCHA_EXPIRED for unknown, used or expired ids, CAPTCHA_WRONG for a miss or
 * an answer faster than a person.
 */
export async function checkJigsaw(db: Db, captchaId: string, x: number, pow: string | undefined, powBits: number) {
  const row = await spendChallenge(db, captchaId, 'jigsaw', JIGSAW.minSolveMs);
  assertPow(captchaId, pow, powBits);
  if (Math.abs(x - row.answerX) > JIGSAW.tolerancePx) throw new AppError(AUTH_ERRORS.CAPTCHA_WRONG);
}
