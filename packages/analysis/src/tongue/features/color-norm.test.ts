// The light normalization in front of the colour models (color-norm.ts): the band estimate
// follows channel gains exactly, also when one stop of over-exposure clips the bright pixels, and
// a real photo re-lit at 5,000 K or exposed one stop under comes back to the colours of the
// photo as taken.
import { describe, expect, it } from 'vitest';
import { applyLinearGains } from '../../color/index.js';
import { shadesOfGreyEstimate, temperatureGains } from '../robustness/light.js';
import { bandEstimate, lightGains, normalizedCrop } from './color-norm.js';
import { measureColor, prepareCrop } from './index.js';
import { loadPhoto } from './test-data.js';

const relit = (img: { data: Uint8Array; width: number; height: number }, g: readonly [number, number, number]) => ({
  ...img,
  data: applyLinearGains(img.data, g),
});

describe('band estimate of the light', () => {
  // A smooth synthetic scene: codes 20-250 in every channel, in different orders per channel.
  const w = 96;
  const img = { width: w, height: w, data: new Uint8Array(w * w * 3) };
  for (let p = 0; p < w * w; p++) {
    img.data[p * 3] = 20 + ((p * 7) % 231);
    img.data[p * 3 + 1] = 20 + ((p * 13) % 231);
    img.data[p * 3 + 2] = 20 + ((p * 29) % 231);
  }

  it('scales with the channel gains of another light', () => {
    const g = temperatureGains(5000);
    const e = bandEstimate(img);
    const f = bandEstimate(relit(img, g));
    for (let c = 0; c < 3; c++) expect(f[c]! / e[c]!, `channel ${c}`).toBeCloseTo(g[c]!, 1);
  });

  it('doubles at +1 EV although the brightest pixels clip (shades-of-grey would not)', () => {
    const bright = relit(img, [2, 2, 2]);
    const e = bandEstimate(img);
    const f = bandEstimate(bright);
    // A quarter of this scene's pixels clip at +1 EV; the band (5th-30th percentile) does not.
    for (let c = 0; c < 3; c++) expect(f[c]! / e[c]!).toBeCloseTo(2, 1);
    const s = shadesOfGreyEstimate(img);
    const t = shadesOfGreyEstimate(bright);
    for (let c = 0; c < 3; c++) expect(Math.abs(t[c]! / s[c]! - 2)).toBeGreaterThan(0.2);
  });
});

describe('the colours the colour models read', () => {
  it('stay within a small colour difference when a real photo is re-lit or under-exposed', async () => {
    const p = await loadPhoto('TE0000040');
    const read = (img: typeof p.image) => {
      const crop = prepareCrop(img, p.mask)!;
      return measureColor(normalizedCrop(crop, lightGains(img))).v;
    };
    const plain = (img: typeof p.image) => measureColor(prepareCrop(img, p.mask)!).v;
    const base = read(p.image);
    for (const g of [temperatureGains(5000), temperatureGains(8000), [0.5, 0.5, 0.5] as const]) {
      const got = read(relit(p.image, g));
      const raw = plain(relit(p.image, g));
      const de = (v: Record<string, number>, k: string) =>
        Math.hypot(
          v[`${k}_L_p50`]! - base[`${k}_L_p50`]!,
          v[`${k}_a_p50`]! - base[`${k}_a_p50`]!,
          v[`${k}_b_p50`]! - base[`${k}_b_p50`]!,
        );
      // Without the normalization these lights move the body colour by 5-25 ΔE*ab.
      expect(de(raw, 'body'), `without, gains ${g.join(',')}`).toBeGreaterThan(4);
      expect(de(got, 'body'), `gains ${g.join(',')}`).toBeLessThan(1.5);
      expect(de(got, 'coat'), `gains ${g.join(',')}`).toBeLessThan(1.5);
    }
  });
});
