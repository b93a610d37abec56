// Post-processing pieces on drawn masks: components, hole filling, smoothing, outline tracing.
import { describe, expect, it } from 'vitest';
import { components, fillHoles, simplify, traceOutline, upsampleThreshold } from './mask.js';
import { cleanGrid } from './locate.js';

const disc = (w: number, h: number, cx: number, cy: number, r: number, into = new Uint8Array(w * h)) => {
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) into[y * w + x] = 1;
  return into;
};

describe('mask post-processing', () => {
  it('labels 8-connected components with their areas', () => {
    const m = disc(60, 40, 15, 20, 8);
    disc(60, 40, 45, 20, 5, m);
    const { areas } = components(m, 60, 40);
    expect(areas.slice(1).sort((a, b) => b - a)).toEqual([
      m
        .slice()
        .filter((_, p) => p % 60 < 30)
        .reduce((a, v) => a + v, 0),
      m
        .slice()
        .filter((_, p) => p % 60 >= 30)
        .reduce((a, v) => a + v, 0),
    ]);
  });
  it('fills holes but not bays open to the border', () => {
    const m = disc(50, 50, 25, 25, 20);
    m[25 * 50 + 25] = 0;
    m[25 * 50 + 26] = 0;
    const before = m.reduce((a, v) => a + v, 0);
    fillHoles(m, 50, 50);
    expect(m.reduce((a, v) => a + v, 0)).toBe(before + 2);
    const open = new Uint8Array(9).fill(1);
    open[1] = 0; // a notch on the top edge stays
    fillHoles(open, 3, 3);
    expect(open[1]).toBe(0);
  });
  it('traces the outline of a disc as a closed ring around it', () => {
    const m = disc(80, 80, 40, 40, 25);
    const ring = traceOutline(m, 80, 80);
    for (const [x, y] of ring) expect(Math.hypot(x - 40, y - 40)).toBeGreaterThan(23.5);
    expect(ring.length).toBeGreaterThan(100);
    const poly = simplify(ring, 1);
    expect(poly.length).toBeLessThan(ring.length / 2);
    for (const [x, y] of poly) expect(Math.abs(Math.hypot(x - 40, y - 40) - 25)).toBeLessThan(1.5);
    // Shoelace area of the simplified outline is close to the disc's.
    let a = 0;
    for (let i = 0; i < poly.length; i++) {
      const [x0, y0] = poly[i]!;
      const [x1, y1] = poly[(i + 1) % poly.length]!;
      a += x0 * y1 - x1 * y0;
    }
    expect(Math.abs(Math.abs(a / 2) - Math.PI * 25 * 25) / (Math.PI * 25 * 25)).toBeLessThan(0.08);
  });
  it('keeps the largest region of a logit grid and fills its holes', () => {
    const S = 20;
    const g = new Float32Array(S * S).fill(-1);
    for (let y = 2; y < 14; y++) for (let x = 2; x < 14; x++) g[y * S + x] = 1; // the tongue
    g[7 * S + 7] = -1; // a hole in it
    for (let y = 16; y < 19; y++) for (let x = 16; x < 19; x++) g[y * S + x] = 1; // a second region (2 % of the grid)
    const { grid, secondRatio, cells } = cleanGrid(g, S);
    expect(cells).toBe(144 - 1);
    expect(secondRatio).toBeCloseTo(9 / 143, 5);
    g[16 * S + 16] = -1;
    g[18 * S + 18] = -1;
    g[16 * S + 18] = -1;
    g[18 * S + 16] = -1;
    g[17 * S + 16] = -1; // now 4 cells: 1 % of the grid is the least that counts
    expect(cleanGrid(g, S).secondRatio).toBeCloseTo(4 / 143, 5);
    g[17 * S + 18] = -1; // 3 cells: a speck, not a second tongue
    expect(cleanGrid(g, S).secondRatio).toBe(0);
    expect(grid[7 * S + 7]).toBeGreaterThan(0);
    expect(grid[17 * S + 17]).toBeLessThan(0);
  });
  it('upsamples logits bilinearly: a boundary halfway between cells', () => {
    // 2 x 2 logits, left column -1, right +1: the zero crossing is the middle of a 100 px image.
    const up = upsampleThreshold(new Float32Array([-1, 1, -1, 1]), 2, 100, 10);
    expect(up[49]).toBe(0);
    expect(up[50]).toBe(1);
  });
});
