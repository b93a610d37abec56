// The rule layer: soft ordinal steps, the shade of a darker body, zone colors by centroid and
// the grey-black coating rule, checked against the measured thresholds in rules.json.
import { describe, expect, it } from 'vitest';
import { argmax, darkShade, isGreyBlack, ordinal, RULES, zoneBodyColor, zoneCoatingColor } from './rules.js';

describe('ordinal', () => {
  const labels = ['dry', 'normal', 'moist'] as const;
  it('gives probabilities that sum to one and move with the value', () => {
    let prevMoist = -1;
    for (const v of [0, 0.005, 0.01, 0.02, 0.05]) {
      const p = ordinal(v, labels, [0.004, 0.02], 0.002);
      expect(p.dry + p.normal + p.moist).toBeCloseTo(1, 6);
      expect(p.moist).toBeGreaterThanOrEqual(prevMoist);
      prevMoist = p.moist;
    }
    expect(argmax(ordinal(0, labels, [0.004, 0.02], 0.002))).toBe('dry');
    expect(argmax(ordinal(0.01, labels, [0.004, 0.02], 0.002))).toBe('normal');
    expect(argmax(ordinal(0.05, labels, [0.004, 0.02], 0.002))).toBe('moist');
  });
});

describe('body shade and zone colors', () => {
  const { purpleBelowHue, crimsonBelowL, crimsonAboveA } = RULES.darkBody;
  const labAt = (hueDeg: number, chroma: number): [number, number] => [
    chroma * Math.cos((hueDeg * Math.PI) / 180),
    chroma * Math.sin((hueDeg * Math.PI) / 180),
  ];
  it('splits a darker body into purple, crimson and red by its measured thresholds', () => {
    const [aP, bP] = labAt(purpleBelowHue - 5, 35);
    expect(darkShade(50, aP, bP)).toBe('purple');
    const [aC, bC] = labAt(purpleBelowHue + 8, crimsonAboveA + 6);
    expect(darkShade(crimsonBelowL - 5, aC, bC)).toBe('crimson');
    expect(darkShade(crimsonBelowL + 5, aC, bC)).toBe('red');
  });

  it('labels each class centroid as its own class', () => {
    expect(zoneBodyColor(RULES.centroids.body.pale)).toBe('pale');
    expect(zoneBodyColor(RULES.centroids.body.light_red)).toBe('light_red');
    expect(['red', 'crimson', 'purple']).toContain(zoneBodyColor(RULES.centroids.body.dark));
    for (const c of ['white', 'light_yellow', 'yellow'] as const)
      expect(zoneCoatingColor(RULES.centroids.coating[c])).toBe(c);
  });

  it('calls only a dark, nearly grey coating grey-black', () => {
    const { maxL, maxChroma } = RULES.coatingGreyBlack;
    expect(isGreyBlack(maxL - 10, maxChroma / 3, maxChroma / 3)).toBe(true);
    expect(isGreyBlack(maxL + 10, 2, 2)).toBe(false);
    expect(isGreyBlack(maxL - 10, 10, maxChroma + 5)).toBe(false);
  });
});
