import { describe, expect, it } from 'vitest';
import { h5En } from '../../../lib/locales/h5-en.js';
import { h5Zh } from '../../../lib/locales/h5-zh.js';
import { photoBase64 } from './h5-api.js';

const keys = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));

describe('H5 capture page', () => {
  it('has every text in zh and en, none empty', () => {
    expect(keys(h5En).sort()).toEqual(keys(h5Zh).sort());
    expect(keys(h5Zh).length).toBeGreaterThan(15);
  });

  it('sends a photo’s exact bytes as Base64, also one larger than a single slice', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const b64 = await photoBase64(new Blob([bytes]));
    expect(Buffer.from(b64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});
