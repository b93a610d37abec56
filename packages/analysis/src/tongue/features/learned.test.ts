// Which crop each network reads (learned.ts runLearned): the texture network reads `netCrop` (the
// light-normalised crop when its JSON says "normalization": "band"), the marks and sides
// networks always the crop as taken.
import { describe, expect, it } from 'vitest';
import { modelJson } from '../platform.js';
import { mirrored, TEXTURE_NET } from './crop-nets.js';
import { normalizedCrop } from './color-norm.js';
import { runLearned } from './learned.js';
import { measure } from './measure.js';
import { networkInput, prepareCrop } from './prepare.js';
import { loadPhoto } from './test-data.js';

const ENSEMBLE = modelJson<{
  mirror: Record<'net' | 'marks', boolean>;
  cracks: { use: string[] };
  cracks_severity: { use: string[] };
}>('tongue-features', 'ensemble.json');

describe('the crops the learned models read', () => {
  it('feeds the texture network netCrop and the marks network the crop as taken', async () => {
    const p = await loadPhoto('TE0000040');
    const crop = prepareCrop(p.image, p.mask)!;
    const m = measure(crop);
    // A crop re-lit far enough that the texture network's thickness head reads it differently.
    const other = normalizedCrop(crop, [1.6, 1, 0.6]);
    const run = async (c: typeof crop) => {
      const x = networkInput(c);
      return TEXTURE_NET.run(x, ENSEMBLE.mirror.net ? mirrored(x, TEXTURE_NET.meta.input) : undefined);
    };
    const [asTaken, relit, plain, fed] = await Promise.all([
      run(crop),
      run(other),
      runLearned(m.v, crop, m.maps),
      runLearned(m.v, crop, m.maps, undefined, m.v, other),
    ]);
    expect(relit.thickness!.thick).not.toBeCloseTo(asTaken.thickness!.thick!, 3);
    // Thickness is the mean of the linear model (same measurements in both runs) and the network.
    expect(fed.thickness.thick! - plain.thickness.thick!).toBeCloseTo(
      (relit.thickness!.thick! - asTaken.thickness!.thick!) / 2,
      5,
    );
    // Cracks come from the marks network alone (ensemble.json), which never reads netCrop.
    expect([...ENSEMBLE.cracks.use, ...ENSEMBLE.cracks_severity.use]).toEqual(['marks', 'marks']);
    expect(fed.cracks).toEqual(plain.cracks);
  });
});
