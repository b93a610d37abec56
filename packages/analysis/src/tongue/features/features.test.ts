// Tongue features on real TonguExpert photos (../shared/data/tongue): well-formed output,
// directional checks on photos transformed at test time, and a sane accuracy on held-out photos
// (floors far below the measured numbers in models/tongue-features/MODEL_CARD.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { TONGUE_FEATURES, tongueFeaturesSchema, type TongueFeatures } from '@tcm/contract';
import { extractTongueFeatures, measure, prepareCrop, TONGUE_FEATURES_VERSION } from './index.js';
import { expertLabels, heldOutIds, loadPhoto, withGains, type LabelledPhoto } from './test-data.js';

const SAMPLE = ['TE0000040', 'TE0000003', 'TE0000011', 'TE0000007'];

describe('tongue features on real photos', () => {
  const photos = new Map<string, LabelledPhoto>();
  const results = new Map<string, TongueFeatures>();
  beforeAll(async () => {
    for (const id of SAMPLE) {
      const p = await loadPhoto(id);
      photos.set(id, p);
      results.set(id, await extractTongueFeatures(p.image, p.mask));
    }
  });

  it('gives every feature of the contract, with probabilities that sum to one', () => {
    for (const f of results.values()) {
      const parsed = tongueFeaturesSchema.parse(f);
      for (const key of TONGUE_FEATURES) {
        const feature = parsed[key];
        const sum = Object.values(feature.probabilities).reduce((s, p) => s + p, 0);
        expect(sum, key).toBeGreaterThan(0.98);
        expect(sum, key).toBeLessThan(1.02);
        expect(feature.probabilities[feature.label as keyof typeof feature.probabilities], key).toBeGreaterThan(0);
        expect(Object.keys(feature.evidence).length, key).toBeGreaterThan(0);
      }
    }
    expect(TONGUE_FEATURES_VERSION).toMatch(/texture-net/);
    expect(TONGUE_FEATURES_VERSION).toMatch(/marks-net/);
    expect(TONGUE_FEATURES_VERSION).toMatch(/sides-net/);
  });

  it('measures plausible colors, coverage and proportions', () => {
    for (const f of results.values()) {
      // A tongue body is red: positive a*, mid lightness; coating is less red than the body.
      expect(f.bodyColor.lab.L).toBeGreaterThan(30);
      expect(f.bodyColor.lab.L).toBeLessThan(85);
      expect(f.bodyColor.lab.a).toBeGreaterThan(10);
      expect(f.coatingColor.lab.a).toBeLessThanOrEqual(f.bodyColor.lab.a + 0.01);
      expect(f.shape.widthLengthRatio).toBeGreaterThan(0.5);
      expect(f.shape.widthLengthRatio).toBeLessThan(2);
      const area = Object.values(f.zones).reduce((s, z) => s + z.area, 0);
      expect(area).toBeGreaterThan(0.9);
      expect(area).toBeLessThanOrEqual(1.0001);
    }
    // TE0000003 has a thick yellow-brown coating on the root: the root is more coated than the tip.
    const f = results.get('TE0000003')!;
    expect(f.zones.root.coatingCoverage).toBeGreaterThan(f.zones.tip.coatingCoverage);
  });

  it('reads a photo shifted toward yellow as a yellower coating', async () => {
    const p = photos.get('TE0000011')!;
    const base = results.get('TE0000011')!;
    const yellow = await extractTongueFeatures(withGains(p.image, 1.04, 1.02, 0.8), p.mask);
    expect(yellow.coatingColor.lab.b).toBeGreaterThan(base.coatingColor.lab.b + 3);
    const yellowness = (f: TongueFeatures): number =>
      f.coatingColor.probabilities.yellow + 0.5 * f.coatingColor.probabilities.light_yellow;
    expect(yellowness(yellow)).toBeGreaterThan(yellowness(base));
  });

  it('reads a redder, darker body as darker and a paler one as paler', async () => {
    const p = photos.get('TE0000007')!;
    const base = results.get('TE0000007')!;
    const darker = await extractTongueFeatures(withGains(p.image, 0.92, 0.72, 0.8), p.mask);
    const paler = await extractTongueFeatures(withGains(p.image, 1.05, 1.15, 1.12), p.mask);
    const dark = (f: TongueFeatures): number =>
      1 - f.bodyColor.probabilities.pale - f.bodyColor.probabilities.light_red;
    expect(darker.bodyColor.lab.a).toBeGreaterThan(base.bodyColor.lab.a);
    expect(dark(darker)).toBeGreaterThan(dark(base));
    expect(paler.bodyColor.probabilities.pale).toBeGreaterThan(base.bodyColor.probabilities.pale);
  });

  it('measures deeper scallops when notches are cut into the sides of the mask', () => {
    const p = photos.get('TE0000011')!;
    const { width, height } = p.image;
    const notched = p.mask.slice();
    // Semicircular bites (radius 2 % of the width) every 10 % of the height along both sides.
    let top = height;
    let bottom = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (p.mask[y * width + x]) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    }
    const r = Math.round(width * 0.02);
    for (let t = 0.3; t < 0.85; t += 0.1) {
      const cy = Math.round(top + t * (bottom - top));
      let xl = 0;
      while (xl < width && !p.mask[cy * width + xl]) xl++;
      let xr = width - 1;
      while (xr > 0 && !p.mask[cy * width + xr]) xr--;
      for (let y = cy - r; y <= cy + r; y++) {
        for (let x = 0; x < width; x++) {
          if ((x - xl) ** 2 + (y - cy) ** 2 < r * r || (x - xr) ** 2 + (y - cy) ** 2 < r * r)
            notched[y * width + x] = 0;
        }
      }
    }
    const before = measure(prepareCrop(p.image, p.mask)!).v;
    const after = measure(prepareCrop(p.image, notched)!).v;
    expect(after.edge_rms!).toBeGreaterThan(before.edge_rms! * 1.5);
    expect(after.scallops_2pct!).toBeGreaterThan(before.scallops_2pct!);
  });

  it('rejects a mask of the wrong size or without a tongue', async () => {
    const p = photos.get('TE0000040')!;
    await expect(extractTongueFeatures(p.image, new Uint8Array(10))).rejects.toThrow(RangeError);
    await expect(extractTongueFeatures(p.image, new Uint8Array(p.mask.length))).rejects.toThrow(/tongue pixels/);
  });
});

describe('accuracy on held-out expert-labelled photos', () => {
  it('classifies coating color, body color and marks cracks and tooth marks far better than chance', async () => {
    const labels = expertLabels();
    // Every third held-out photo with a color label: about 40 photos, a few seconds.
    const ids = heldOutIds().filter((id, k) => k % 3 === 0);
    let coatN = 0;
    let coatOk = 0;
    let bodyN = 0;
    let bodyOk = 0;
    const crackPairs: [number, boolean][] = [];
    const teethPairs: [number, boolean][] = [];
    const bodyMap: Record<string, string> = { light: 'pale', regular: 'light_red', dark: 'dark' };
    for (const id of ids) {
      const row = labels.get(id)!;
      const p = await loadPhoto(id);
      const f = await extractTongueFeatures(p.image, p.mask);
      if (row.labels_tai !== 'NA') {
        coatN++;
        if (f.coatingColor.label === row.labels_tai) coatOk++;
      }
      if (row.labels_zhi !== 'NA') {
        bodyN++;
        const got = ['pale', 'light_red'].includes(f.bodyColor.label) ? f.bodyColor.label : 'dark';
        if (got === bodyMap[row.labels_zhi!]) bodyOk++;
      }
      crackPairs.push([1 - f.cracks.probabilities.none, row.labels_fissure !== 'NA']);
      teethPairs.push([1 - f.toothMarks.probabilities.none, row.labels_tooth_mk !== 'NA']);
    }
    expect(coatN).toBeGreaterThan(10);
    expect(bodyN).toBeGreaterThan(10);
    // Three classes: chance is about 0.33; measured on the full held-out split: see MODEL_CARD.md.
    expect(coatOk / coatN).toBeGreaterThan(0.6);
    expect(bodyOk / bodyN).toBeGreaterThan(0.6);
    // Cracks by the marks network, tooth marks by the marks and sides networks: this subset
    // measured 0.90 and 0.81 (the whole held-out split 0.861 and 0.808).
    expect(auc(crackPairs)).toBeGreaterThan(0.8);
    expect(auc(teethPairs)).toBeGreaterThan(0.72);
  }, 120_000);
});

/** ROC-AUC of scores against binary truth (probability that a positive outranks a negative). */
function auc(pairs: [number, boolean][]): number {
  const pos = pairs.filter((p) => p[1]).map((p) => p[0]);
  const neg = pairs.filter((p) => !p[1]).map((p) => p[0]);
  let s = 0;
  for (const a of pos) for (const b of neg) s += a > b ? 1 : a === b ? 0.5 : 0;
  return s / (pos.length * neg.length);
}
