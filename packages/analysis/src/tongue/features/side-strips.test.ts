// The straightened sides on a drawn tongue: an ellipse with one bite taken out of its left edge.
import { describe, expect, it } from 'vitest';
import { classifyPixels } from './pixels.js';
import { prepareCrop, type TongueImage } from './prepare.js';
import { sideStrips, STRIP_DEPTH, STRIP_ROWS, STRIP_WIDTH } from './side-strips.js';

const W = 240;
const H = 320;
const P = STRIP_ROWS * STRIP_WIDTH;

/** A uniform pink ellipse (tip at the bottom); `bite` carves a 6 px deep notch at 60 % of its length. */
function drawn(bite: boolean): { image: TongueImage; mask: Uint8Array } {
  const data = new Uint8Array(W * H * 3);
  const mask = new Uint8Array(W * H);
  const cx = W / 2;
  const cy = H / 2;
  const biteY = 20 + 0.6 * (H - 40);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = ((x - cx) / 100) ** 2 + ((y - cy) / 140) ** 2 <= 1;
      const halfW = 100 * Math.sqrt(Math.max(0, 1 - ((biteY - cy) / 140) ** 2));
      const inBite = bite && (x - (cx - halfW)) ** 2 + (y - biteY) ** 2 <= 36;
      const i = y * W + x;
      mask[i] = inside && !inBite ? 1 : 0;
      data.set([200, 120, 130], 3 * i);
    }
  }
  return { image: { data, width: W, height: H }, mask };
}

describe('sideStrips', () => {
  it('puts both edges at the same column, whatever the outline, and keeps the bite in the offset plane', () => {
    const plain = drawn(false);
    const bitten = drawn(true);
    const strips = (d: { image: TongueImage; mask: Uint8Array }): Uint8Array => {
      const crop = prepareCrop(d.image, d.mask)!;
      return sideStrips(crop, classifyPixels(crop));
    };
    const a = strips(plain);
    const b = strips(bitten);
    for (const s of [a, b]) {
      for (let j = 0; j < STRIP_ROWS; j++) {
        const row = 3 * P + j * STRIP_WIDTH;
        // Column 8 (left) and its mirror (right) are the edge pixels themselves: tongue.
        expect(s[row + 7]).toBe(0);
        expect(s[row + 8]).toBe(255);
        expect(s[row + STRIP_WIDTH - 9]).toBe(255);
        expect(s[row + STRIP_WIDTH - 8]).toBe(0);
      }
    }
    // The bite shows as an inward offset of the left edge, at least 3 px (24 levels) deeper than
    // the plain ellipse's own curvature gives there; the right side does not change.
    const offsets = (s: Uint8Array, col: number): number[] =>
      Array.from({ length: STRIP_ROWS }, (_, j) => s[4 * P + j * STRIP_WIDTH + col]!);
    const dent = offsets(b, 0).map((v, j) => v - offsets(a, 0)[j]!);
    expect(Math.max(...dent)).toBeGreaterThanOrEqual(24);
    expect(dent.indexOf(Math.max(...dent)) / STRIP_ROWS).toBeGreaterThan(0.4);
    expect(offsets(b, STRIP_DEPTH)).toEqual(offsets(a, STRIP_DEPTH));
    // The pixel colors come through on tongue pixels only.
    const j = STRIP_ROWS >> 1;
    expect(a[j * STRIP_WIDTH + 16]).toBe(200);
    expect(a[P + j * STRIP_WIDTH + 16]).toBe(120);
    expect(a[j * STRIP_WIDTH + 2]).toBe(0);
  });
});
