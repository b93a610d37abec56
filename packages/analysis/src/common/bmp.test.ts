import { describe, expect, it } from 'vitest';
import { EngineError, FILE_ERRORS } from '@tcm/contract';
import { decodeBmp, encodeBmp, isBmpError } from './bmp.js';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return null;
};

describe('the one BMP reader', () => {
  it('reads back what encodeBmp wrote', () => {
    const data = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(decodeBmp(encodeBmp({ data, width: 2, height: 2 }))).toEqual({ data, width: 2, height: 2 });
  });

  it('refuses with the engines’ one error class: code 4000004 and the problem as its kind', () => {
    const bmp = encodeBmp({ data: new Uint8Array(300 * 3), width: 30, height: 10 });
    const cut = thrown(() => decodeBmp(bmp.subarray(0, 100)));
    expect(cut).toBeInstanceOf(EngineError);
    expect(isBmpError(cut) && [cut.kind, cut.code, cut.detail?.reason]).toEqual([
      'truncated',
      FILE_ERRORS.FILE_CORRUPT.code,
      'BMP pixel data cut short',
    ]);
    const rle = new Uint8Array(bmp);
    new DataView(rle.buffer).setUint32(30, 1, true); // BI_RLE8
    const unsupported = thrown(() => decodeBmp(rle));
    expect(isBmpError(unsupported) && unsupported.kind).toBe('unsupported');
  });
});
