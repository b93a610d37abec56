import { describe, expect, it } from 'vitest';
import { applyGains, planckianXy, shadesOfGreyEstimate, temperatureGains } from './light.js';
import { macroF1 } from './macro-f1.js';
import { distort } from './distort.js';

describe('light model of the distortions', () => {
  it('places Planckian whites where the CIE tables do', () => {
    // Blackbody chromaticities (CIE 1931), e.g. Wyszecki & Stiles: 5000 K (0.3451, 0.3516),
    // 6500 K (0.3135, 0.3236), 8000 K (0.2952, 0.3048).
    const close = (t: number, x: number, y: number) => {
      const [px, py] = planckianXy(t);
      expect(Math.abs(px - x), `${t} K x`).toBeLessThan(0.0015);
      expect(Math.abs(py - y), `${t} K y`).toBeLessThan(0.0015);
    };
    close(5000, 0.3451, 0.3516);
    close(6500, 0.3135, 0.3236);
    close(8000, 0.2952, 0.3048);
  });

  it('makes a warmer light redder and a cooler one bluer, and leaves the same light alone', () => {
    const warm = temperatureGains(5000);
    const cool = temperatureGains(8000);
    expect(warm[0]).toBeGreaterThan(1.05);
    expect(warm[2]).toBeLessThan(0.9);
    expect(cool[0]).toBeLessThan(0.95);
    expect(cool[2]).toBeGreaterThan(1.05);
    for (const g of temperatureGains(6500)) expect(g).toBeCloseTo(1, 6);
  });

  it('estimates the light in linear terms: one EV down halves every channel of the estimate', () => {
    const img = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) };
    for (let i = 0; i < img.data.length; i++) img.data[i] = 60 + ((i * 37) % 150);
    const e = shadesOfGreyEstimate(img);
    const half = shadesOfGreyEstimate(applyGains(img, [0.5, 0.5, 0.5]));
    for (let c = 0; c < 3; c++) expect(half[c]! / e[c]!).toBeCloseTo(0.5, 1);
  });
});

describe('macro-F1', () => {
  it("matches scikit-learn's documented example (f1_score average='macro' = 0.2667)", () => {
    const t = [0, 1, 2, 0, 1, 2].map(String);
    const p = [0, 2, 1, 0, 0, 1].map(String);
    expect(macroF1(t.map((x, i) => [x, p[i]!] as const))).toBeCloseTo(0.26667, 4);
  });
});

describe('geometric distortions move the mask with the photo', () => {
  it('rotates the mask by the same angle as the photo', async () => {
    // A bright square on a dark photo, its mask the same square: after rotation the bright
    // pixels and the mask must still coincide.
    const w = 120;
    const img = { width: w, height: w, data: new Uint8Array(w * w * 3).fill(20) };
    const mask = new Uint8Array(w * w);
    for (let y = 30; y < 70; y++)
      for (let x = 50; x < 100; x++) {
        mask[y * w + x] = 1;
        img.data.fill(230, (y * w + x) * 3, (y * w + x) * 3 + 3);
      }
    const d = await distort(img, mask, 'rot+15');
    const sharp = (await import('sharp')).default;
    const { data, info } = await sharp(d.jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(d.width);
    let agree = 0;
    for (let p = 0; p < d.mask.length; p++) if ((data[p * info.channels]! > 125 ? 1 : 0) === d.mask[p]) agree++;
    expect(agree / d.mask.length).toBeGreaterThan(0.99);
  });
});
