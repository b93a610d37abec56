import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../render.js';
import { BoundedCache, layoutCacheCounts } from './layout-cache.js';

const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'));
/** The PDF less what differs between two renders of one model: creation date and file ID. */
const content = (pdf: Buffer) => pdf.toString('latin1').replace(/\(D:\d+Z\)|<[0-9a-f]{32}>/g, '');

describe('text measurements shared across documents (issue 21 item 3)', () => {
  it('a report drawn after others, from the shared caches, is the same PDF as the first time', async () => {
    const en = example('full-report.en.json');
    const zh = example('full-report.zh.json');
    const firstEn = await renderReport(en);
    const firstZh = await renderReport(zh);
    await renderReport(example('medical-record.zh.json'));
    expect(content(await renderReport(en))).toBe(content(firstEn));
    expect(content(await renderReport(zh))).toBe(content(firstZh));
    // Four full reports, the first of them parsing both fonts: seconds on the shared machine.
  }, 60_000);

  it('a second document measures no word and no wrapped text again', async () => {
    const model = example('full-report.zh.json');
    await renderReport(model);
    const before = layoutCacheCounts();
    await renderReport(model);
    const after = layoutCacheCounts();
    // Every word and cell height of the second report comes from the first one's measurements.
    expect(after.words.hits).toBeGreaterThan(before.words.hits + 500);
    expect(after.words.misses).toBe(before.words.misses);
    expect(after.heights.hits).toBeGreaterThan(before.heights.hits + 50);
    expect(after.heights.misses).toBe(before.heights.misses);
  }, 30_000);

  it('holds at most two generations, keeping what is still used', () => {
    const c = new BoundedCache<number>(10);
    c.set('kept', 1);
    for (let i = 0; i < 100; i++) {
      c.set(`k${i}`, i);
      expect(c.get('kept')).toBe(1);
    }
    expect(c.size).toBeLessThanOrEqual(20);
    expect(c.get('k0')).toBeUndefined();
    expect(c.get('k99')).toBe(99);
  });
});
