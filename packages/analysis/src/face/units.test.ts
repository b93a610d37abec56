// Unit checks of the pure parts: rasterisation, filters, quantiles and the class rules.
import { describe, expect, it } from 'vitest';
import { boxBlur, components, quantilesAt, unionPixels } from './image-ops.js';
import { polygonPixels, subtractPixels } from './raster.js';
import { classifyComplexion, classifyGloss, classifyLips } from './complexion.js';
import { saturate } from './skin-metrics.js';
import { chooseFace } from './quality.js';
import type { DetectedFace } from './detector.js';
import { isEngineError } from '../common/index.js';

describe('polygon rasterisation', () => {
  it('fills a square with its area and subtracts an inner one', () => {
    const outer = polygonPixels(
      [
        [10, 10],
        [30, 10],
        [30, 30],
        [10, 30],
      ],
      50,
      50,
    );
    expect(outer.length).toBe(400);
    const inner = polygonPixels(
      [
        [15, 15],
        [25, 15],
        [25, 25],
        [15, 25],
      ],
      50,
      50,
    );
    expect(subtractPixels(outer, inner).length).toBe(300);
    expect(unionPixels(outer, inner).length).toBe(400);
  });

  it('clips to the image and ignores degenerate polygons', () => {
    expect(
      polygonPixels(
        [
          [-10, -10],
          [5, -10],
          [5, 5],
          [-10, 5],
        ],
        20,
        20,
      ).length,
    ).toBe(25);
    expect(
      polygonPixels(
        [
          [1, 1],
          [2, 2],
        ],
        20,
        20,
      ).length,
    ).toBe(0);
  });
});

describe('image operations', () => {
  it('box blur keeps a constant plane and spreads an impulse evenly', () => {
    const flat = boxBlur(new Float32Array(100).fill(7), 10, 10, 2);
    expect(Math.max(...flat)).toBeCloseTo(7, 5);
    const impulse = new Float32Array(100);
    impulse[55] = 25;
    const out = boxBlur(impulse, 10, 10, 2);
    expect(out[55]).toBeCloseTo(1, 5);
    expect(out[0]).toBe(0);
  });

  it('histogram quantiles match sorted ones to 0.05', () => {
    const plane = Float32Array.from({ length: 1001 }, (_, i) => -50 + i * 0.137);
    const idx = Int32Array.from({ length: 1001 }, (_, i) => i);
    const [q10, q50, q90] = quantilesAt(plane, idx, [0.1, 0.5, 0.9]);
    expect(q10).toBeCloseTo(plane[100]!, 1);
    expect(q50).toBeCloseTo(plane[500]!, 1);
    expect(q90).toBeCloseTo(plane[900]!, 1);
    expect(quantilesAt(plane, new Int32Array(0), [0.5])[0]).toBeNaN();
  });

  it('finds 4-connected components and drops the huge ones', () => {
    const mask = new Uint8Array(25);
    for (const p of [0, 1, 5, 12, 18, 24]) mask[p] = 1;
    expect(
      components(mask, 5, 5, 10)
        .map((c) => c.length)
        .sort(),
    ).toEqual([1, 1, 1, 3]);
    expect(components(mask, 5, 5, 2).length).toBe(3);
  });

  it('saturating score is 0 at 0, 63 at k and below 100', () => {
    expect(saturate(0, 2)).toBe(0);
    expect(saturate(2, 2)).toBeCloseTo(63.2, 1);
    expect(saturate(100, 2)).toBeLessThanOrEqual(100);
  });
});

describe('TCM color rules', () => {
  const cx = (L: number, a: number, b: number) => classifyComplexion({ L, a, b }, 40, 'light').class;
  it('classifies complexion by the documented thresholds', () => {
    expect(cx(65, 11, 18)).toBe('normal');
    expect(cx(62, 19, 18)).toBe('red');
    expect(cx(64, 9, 28)).toBe('yellow');
    expect(cx(72, 7, 12)).toBe('pale');
    expect(cx(55, 3, 16)).toBe('blue_green');
    expect(cx(35, 10, 15)).toBe('dark');
    expect(classifyComplexion({ L: 35, a: 10, b: 15 }, -40, 'dark').reliable).toBe(false);
  });

  it('classifies lips and gloss', () => {
    expect(classifyLips({ L: 55, a: 22, b: 14 }, 'light').class).toBe('light_red');
    expect(classifyLips({ L: 50, a: 32, b: 16 }, 'light').class).toBe('red');
    expect(classifyLips({ L: 62, a: 11, b: 10 }, 'light').class).toBe('pale');
    expect(classifyLips({ L: 35, a: 18, b: 6 }, 'light').class).toBe('dark_purple');
    expect(classifyLips({ L: 35, a: 18, b: 6 }, 'dark').reliable).toBe(false);
    expect(classifyGloss(0.02, 20, 50).class).toBe('lustrous');
    expect(classifyGloss(0.001, 4, 70).class).toBe('lustrous');
    expect(classifyGloss(0.001, 20, 50).class).toBe('dull');
  });
});

describe('face choice', () => {
  // A mesh whose ear-level points (234, 454) lie `width` px apart.
  const face = (width: number, yawDeg = 0, pitchDeg = 0): DetectedFace => {
    const mesh = Array.from({ length: 468 }, () => [200, 300] as [number, number]);
    mesh[234] = [200 - width / 2, 300];
    mesh[454] = [200 + width / 2, 300];
    const rad = Math.PI / 180;
    return { score: 0.9, box: [0, 0, width, width], mesh, yaw: yawDeg * rad, pitch: pitchDeg * rad, roll: 0 };
  };
  const code = (faces: DetectedFace[]) => {
    try {
      chooseFace(faces);
      return 0;
    } catch (e) {
      return isEngineError(e) ? e.code : -1;
    }
  };
  it('gives the code of each problem and accepts a frontal face', () => {
    expect(code([])).toBe(3200101);
    expect(code([face(300), face(250)])).toBe(3200102);
    expect(code([face(300), face(60)])).toBe(0); // a small face in the background does not count
    expect(code([face(100)])).toBe(3200103);
    expect(code([face(300, 50)])).toBe(3200104);
    expect(code([face(300, 0, -40)])).toBe(3200104);
    expect(code([face(300, 20, 10)])).toBe(0);
  });
});
