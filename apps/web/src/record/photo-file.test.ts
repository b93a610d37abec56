import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureProblem, checkPhoto, MAX_UPLOAD_BYTES, photoProblem } from './photo-file.js';

const real = readFileSync('../shared/data/tongue/images/TE0000003.jpg');

describe('photo checks on the client', () => {
  it('accepts PNG, JPG, JPEG and BMP names in any case, nothing else', () => {
    for (const n of ['a.png', 'a.JPG', 'a.jpeg', 'a.bmp']) expect(photoProblem({ name: n, size: 10 })).toBeNull();
    for (const n of ['a.gif', 'a.webp', 'a', 'a.jpg.exe']) expect(photoProblem({ name: n, size: 10 })).toBe('type');
  });

  it('rejects more than 10 MiB and empty files', () => {
    expect(photoProblem({ name: 'a.jpg', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(photoProblem({ name: 'a.jpg', size: MAX_UPLOAD_BYTES + 1 })).toBe('size');
    expect(photoProblem({ name: 'a.jpg', size: 0 })).toBe('empty');
  });

  it('reads the content: a real JPEG passes, text renamed to .jpg does not', async () => {
    expect(await checkPhoto(new File([real], 'tongue.jpg'))).toBeNull();
    expect(await checkPhoto(new File(['hello, not a picture'], 'tongue.jpg'))).toBe('content');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await checkPhoto(new File([png], 'x.png'))).toBeNull();
  });

  it('checks other captures by their extensions', () => {
    expect(captureProblem({ name: 'p.csv', size: 5 }, ['.csv', '.txt'])).toBeNull();
    expect(captureProblem({ name: 'p.wav', size: 5 }, ['.csv', '.txt'])).toBe('type');
  });
});
