import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { faceResultSchema, type FaceResult } from '@tcm/contract';
import { isEngineError } from '../common/index.js';
import { analyzeFace } from './analyze.js';
import { PORTRAITS, readPortrait, sideBySide, smallOnCanvas, variant, type Portrait } from './test-images.js';

// One model load per file (the detector is a process-wide singleton); generous timeouts
// because the machine running the suite may be busy.
const T = 120_000;

async function codeOf(bytes: Uint8Array): Promise<number> {
  try {
    await analyzeFace(bytes);
  } catch (e) {
    if (isEngineError(e)) return e.code;
    throw e;
  }
  return 0;
}

const skin = (r: FaceResult) => r.complexion.evidence as { L: number; a: number; b: number };
const results = {} as Record<Portrait, FaceResult>;

beforeAll(async () => {
  for (const name of PORTRAITS) results[name] = (await analyzeFace(await readPortrait(name))).result;
}, T);

describe('face engine on the three portraits', () => {
  it('finds one frontal-enough face with all regions and a valid result', () => {
    for (const name of PORTRAITS) {
      const r = faceResultSchema.parse(results[name]);
      expect(r.version.engine).toMatch(/^face-/);
      expect(r.version.model).toMatch(/human/);
      expect(Math.abs(r.face.yawDeg)).toBeLessThan(35);
      const [bx, by, bw, bh] = r.face.box;
      for (const region of Object.values(r.regions)) {
        expect(region.pixels).toBeGreaterThan(100);
        // The outline (for drawing) is a polygon in photo pixels inside the face box, give or take.
        expect(region.outline?.length).toBeGreaterThanOrEqual(3);
        for (const [x, y] of region.outline ?? []) {
          expect(x).toBeGreaterThan(bx - 0.1 * bw);
          expect(x).toBeLessThan(bx + 1.1 * bw);
          expect(y).toBeGreaterThan(by - 0.1 * bh);
          expect(y).toBeLessThan(by + 1.1 * bh);
        }
      }
      expect(r.summary.en).toMatch(/suggests/);
      expect(r.summary.en).not.toMatch(/\bage\b|disease|diagnos(is|ed) (of|with)/i);
    }
  });

  it('orders the skin tones as the portraits show them (skin types II, V, VI)', () => {
    const ita = (n: Portrait) => results[n].metrics.skinTone.ita;
    expect(['very_light', 'light']).toContain(results['02-woman'].metrics.skinTone.category);
    expect(['brown', 'dark']).toContain(results['04-man'].metrics.skinTone.category);
    expect(ita('02-woman')).toBeGreaterThan(ita('03-woman') + 30);
    expect(ita('02-woman')).toBeGreaterThan(ita('04-man') + 30);
    // The 五色 rules are marked unreliable on deep skin tones rather than calling them 黑.
    expect(results['02-woman'].complexion.reliable).toBe(true);
    expect(results['04-man'].complexion.reliable).toBe(false);
  });

  it('reads plausible classes and metrics on the light-skinned portrait', () => {
    const r = results['02-woman'];
    expect(r.complexion.class).toBe('normal');
    expect(['light_red', 'red']).toContain(r.lips.class);
    expect(r.gloss.class).toBe('lustrous');
    // Smooth young skin in a studio portrait: few spots and lines, no color cast.
    expect(r.metrics.spots.score).toBeLessThan(30);
    expect(r.metrics.wrinkles.score).toBeLessThan(30);
    expect(r.quality.issues).toEqual([]);
    // The lips are redder than the cheeks, the forehead among the lightest regions.
    expect(r.regions.lips.lab.a).toBeGreaterThan(r.regions.leftCheek.lab.a + 5);
    expect(r.regions.forehead.lab.L).toBeGreaterThan(r.regions.nose.lab.L);
  });

  it('reports the deeper lines of the older man as more wrinkles than the young woman', () => {
    expect(results['04-man'].metrics.wrinkles.score).toBeGreaterThan(results['02-woman'].metrics.wrinkles.score + 30);
  });

  it(
    'is stable: the same photo re-encoded and cropped reads the same within small margins',
    async () => {
      const base = results['02-woman'];
      const again = (await analyzeFace(await readPortrait('02-woman'))).result;
      expect(again).toEqual(base);
      const meta = await sharp(await readPortrait('02-woman')).metadata();
      const crop = (
        await analyzeFace(
          await variant('02-woman', (s) =>
            s.extract({ left: 40, top: 60, width: meta.width - 80, height: meta.height - 120 }).jpeg({ quality: 80 }),
          ),
        )
      ).result;
      expect(Math.abs(skin(crop).L - skin(base).L)).toBeLessThan(2);
      expect(Math.abs(skin(crop).a - skin(base).a)).toBeLessThan(2);
      expect(Math.abs(skin(crop).b - skin(base).b)).toBeLessThan(2);
      expect(Math.abs(crop.metrics.skinTone.ita - base.metrics.skinTone.ita)).toBeLessThan(3);
      expect(crop.complexion.class).toBe(base.complexion.class);
    },
    T,
  );
});

describe('rotations', () => {
  it(
    'reads a photo stored sideways with an EXIF orientation upright, and a tilted photo alike',
    async () => {
      const base = results['02-woman'];
      const sideways = await variant('02-woman', (s) => s.rotate(-90).withMetadata({ orientation: 6 }));
      const upright = (await analyzeFace(sideways)).result;
      expect(upright.image).toEqual(base.image);
      expect(Math.abs(skin(upright).L - skin(base).L)).toBeLessThan(2);
      const tilted = (await analyzeFace(await variant('02-woman', (s) => s.rotate(12, { background: '#ffffff' }))))
        .result;
      expect(Math.abs(tilted.face.rollDeg - base.face.rollDeg)).toBeGreaterThan(6);
      expect(Math.abs(skin(tilted).a - skin(base).a)).toBeLessThan(2);
      expect(Math.abs(tilted.metrics.skinTone.ita - base.metrics.skinTone.ita)).toBeLessThan(3);
    },
    T,
  );
});

describe('concurrency', () => {
  it(
    'gives the same results when photos are analyzed at the same time',
    async () => {
      const all = await Promise.all(PORTRAITS.map(async (n) => (await analyzeFace(await readPortrait(n))).result));
      PORTRAITS.forEach((n, i) => expect(all[i]).toEqual(results[n]));
    },
    T,
  );
});

describe('color shifts move the readings the right way', () => {
  it(
    'a photo shifted towards red reads redder',
    async () => {
      const base = results['02-woman'];
      const red = (await analyzeFace(await variant('02-woman', (s) => s.linear([1, 0.9, 0.92], [0, 0, 0])))).result;
      expect(skin(red).a).toBeGreaterThan(skin(base).a + 4);
      expect(red.regions.leftCheek.lab.a).toBeGreaterThan(base.regions.leftCheek.lab.a + 4);
      expect(red.metrics.redness.score).toBeGreaterThan(base.metrics.redness.score + 15);
      expect(red.complexion.class).toBe('red');
    },
    T,
  );

  it(
    'a photo shifted towards yellow reads yellower',
    async () => {
      const base = results['02-woman'];
      const yellow = (await analyzeFace(await variant('02-woman', (s) => s.linear([1.03, 1.0, 0.85], [0, 0, 0]))))
        .result;
      expect(skin(yellow).b).toBeGreaterThan(skin(base).b + 6);
      expect(yellow.complexion.class).toBe('yellow');
    },
    T,
  );

  it(
    'a darkened photo reads darker, on light and on dark skin',
    async () => {
      for (const name of ['02-woman', '04-man'] as const) {
        const base = results[name];
        const dark = (await analyzeFace(await variant(name, (s) => s.linear(0.7, 0)))).result;
        expect(skin(dark).L).toBeLessThan(skin(base).L - 4);
        expect(dark.metrics.skinTone.ita).toBeLessThan(base.metrics.skinTone.ita);
      }
    },
    T,
  );
});

describe('quality codes', () => {
  it(
    'a blurred photo gives 3200105',
    async () => expect(await codeOf(await variant('02-woman', (s) => s.blur(4)))).toBe(3200105),
    T,
  );

  it(
    'a face-free image gives 3200101',
    async () => {
      // The plain wall beside the woman's head.
      expect(
        await codeOf(await variant('02-woman', (s) => s.extract({ left: 0, top: 0, width: 300, height: 400 }))),
      ).toBe(3200101);
    },
    T,
  );

  it(
    'two people give 3200102',
    async () => expect(await codeOf(await sideBySide('02-woman', '04-man'))).toBe(3200102),
    T,
  );

  it(
    'a small face gives 3200103',
    async () => expect(await codeOf(await smallOnCanvas('02-woman', 420, [900, 1100]))).toBe(3200103),
    T,
  );

  it(
    'a nearly black photo gives 3200106',
    async () => expect(await codeOf(await variant('02-woman', (s) => s.linear(0.12, 0)))).toBe(3200106),
    T,
  );

  it(
    'a washed-out photo gives 3200107',
    async () => expect(await codeOf(await variant('02-woman', (s) => s.linear(1.6, 40)))).toBe(3200107),
    T,
  );
});

describe('color cast', () => {
  it(
    'is reported as a quality issue on a strongly tinted photo, which is still analyzed',
    async () => {
      for (const name of ['02-woman', '04-man'] as const) {
        expect(results[name].quality.issues.map((i) => i.code)).not.toContain('3200202');
        const tinted = (await analyzeFace(await variant(name, (s) => s.linear([1, 0.82, 0.86], [0, 0, 0])))).result;
        const cast = tinted.quality.issues.find((i) => i.code === '3200202');
        expect(cast?.tip).toMatch(/daylight/);
      }
    },
    T,
  );
});

describe('bad input never crashes', () => {
  it(
    'answers every kind of bad bytes with its code',
    async () => {
      const jpeg = await readPortrait('02-woman');
      expect(await codeOf(new Uint8Array(0))).toBe(3200001);
      expect(await codeOf(new Uint8Array(4096).map((_, i) => (i * 7919) % 251))).toBe(3200003);
      expect(await codeOf(new TextEncoder().encode('<html>not a photo</html>'))).toBe(3200003);
      expect(await codeOf(jpeg.subarray(0, Math.floor(jpeg.length / 3)))).toBe(3200003);
      // A grey-scale photo is valid input: analyzed (or refused with a code), never a crash.
      const grey = await variant('02-woman', (s) => s.greyscale());
      const outcome = await analyzeFace(grey).then(
        (r) => r.result.complexion.class,
        (e: unknown) => (isEngineError(e) ? e.code : 'crash'),
      );
      expect(outcome).not.toBe('crash');
      const tiny = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#caa' } })
        .png()
        .toBuffer();
      expect(await codeOf(tiny)).toBe(3200004);
    },
    T,
  );
});

describe('overlay', () => {
  it(
    'renders a PNG of the face with regions and spots',
    async () => {
      const { overlayPng, result } = await analyzeFace(await readPortrait('04-man'), { overlay: true });
      expect(overlayPng).toBeDefined();
      const meta = await sharp(overlayPng).metadata();
      expect(meta.format).toBe('png');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(640);
      expect(result.spots.length).toBe(result.metrics.spots.evidence.count);
    },
    T,
  );
});
