import { describe, expect, it } from 'vitest';
import { analyzeTongue } from '../tongue/analyze.js';
import { readPhoto, validationIds } from '../tongue/test-data.js';
import { Scratch, withScratch } from './scratch.js';

describe('Scratch', () => {
  it('hands out zero-filled views and reuses released buffers', () => {
    const s = new Scratch();
    const a = s.f32(1000);
    a.fill(7);
    const b = s.u8(10);
    expect(a.length).toBe(1000);
    expect(b.length).toBe(10);
    expect(a.buffer).not.toBe(b.buffer);
    s.release();
    const c = s.f32(900); // same size class as a: the same buffer, cleared
    expect(c.buffer).toBe(a.buffer);
    expect(c.every((v) => v === 0)).toBe(true);
  });

  it('gives concurrent calls scratches of their own', async () => {
    const seen: Scratch[] = [];
    await Promise.all(
      [0, 1, 2].map(() =>
        withScratch(async (s) => {
          seen.push(s);
          await new Promise((r) => setTimeout(r, 5));
        }),
      ),
    );
    expect(new Set(seen).size).toBe(3);
  });

  it('leaves tongue results the same whether photos are analyzed one by one or at once', async () => {
    const photos = await Promise.all(validationIds().slice(0, 4).map(readPhoto));
    const oneByOne = [];
    for (const p of photos) oneByOne.push((await analyzeTongue(p)).result);
    const atOnce = (await Promise.all(photos.map((p) => analyzeTongue(p)))).map((a) => a.result);
    expect(atOnce).toEqual(oneByOne);
    // and again, on scratches that now hold the other photos' planes
    const again = (await Promise.all([...photos].reverse().map((p) => analyzeTongue(p)))).map((a) => a.result);
    expect(again.reverse()).toEqual(oneByOne);
  }, 60_000); // eight tongue analyses: seconds on a busy 2-core machine
});
