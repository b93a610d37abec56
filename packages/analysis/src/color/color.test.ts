import { describe, expect, it } from 'vitest';
import { itaAngle, itaCategory, labToLch, rgbBufferToLab, srgbToLab } from './index.js';

describe('sRGB -> CIELAB (D65)', () => {
  it('maps white, black and grey onto the neutral axis', () => {
    const w = srgbToLab(255, 255, 255);
    expect(w.L).toBeCloseTo(100, 1);
    expect(Math.abs(w.a)).toBeLessThan(0.01);
    expect(Math.abs(w.b)).toBeLessThan(0.01);
    expect(srgbToLab(0, 0, 0).L).toBeCloseTo(0, 5);
    const g = srgbToLab(119, 119, 119);
    expect(g.L).toBeCloseTo(50, 0);
  });

  it('matches published values for the primaries', () => {
    // Reference values (D65, sRGB) from Bruce Lindbloom's calculator.
    const red = srgbToLab(255, 0, 0);
    expect(red.L).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 0);
    expect(red.b).toBeCloseTo(67.2, 0);
    const blue = srgbToLab(0, 0, 255);
    expect(blue.b).toBeCloseTo(-107.86, 0);
  });

  it('converts a buffer the same way as single colors', () => {
    const lab = rgbBufferToLab(new Uint8Array([200, 150, 120, 255, 10, 20, 30, 255]), 4);
    const one = srgbToLab(10, 20, 30);
    expect(lab.L.length).toBe(2);
    expect(lab.L[1]).toBeCloseTo(one.L, 4);
    expect(lab.b[1]).toBeCloseTo(one.b, 4);
  });

  it('gives chroma and hue', () => {
    const { C, h } = labToLch(0, -10);
    expect(C).toBeCloseTo(10);
    expect(h).toBeCloseTo(270);
  });
});

describe('ITA angle', () => {
  it('follows the Del Bino categories', () => {
    expect(itaAngle(70, 14)).toBeCloseTo((Math.atan(20 / 14) * 180) / Math.PI);
    expect(itaCategory(60)).toBe('very_light');
    expect(itaCategory(45)).toBe('light');
    expect(itaCategory(30)).toBe('intermediate');
    expect(itaCategory(20)).toBe('tan');
    expect(itaCategory(0)).toBe('brown');
    expect(itaCategory(-45)).toBe('dark');
    expect(itaAngle(30, 20)).toBeLessThan(0);
  });
});
