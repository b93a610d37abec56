import { describe, expect, it } from 'vitest';
import { singleFlight } from './display.service.js';

describe('display summary: one computation per scope at a time (singleFlight)', () => {
  it('shares a running computation between concurrent callers of the same key, not of another', async () => {
    const shared = singleFlight<number>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = async () => {
      runs++;
      await gate;
      return runs;
    };
    const burst = [shared('platform 30', run), shared('platform 30', run), shared('platform 30', run)];
    const other = shared('team-1 30', run);
    release();
    expect(await Promise.all(burst)).toEqual([2, 2, 2]);
    expect(await other).toBe(2);
    expect(runs).toBe(2);
  });

  it('keeps nothing once settled: the next call computes afresh, also after a failure', async () => {
    const shared = singleFlight<number>();
    let runs = 0;
    await expect(shared('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await shared('k', async () => ++runs)).toBe(1);
    expect(await shared('k', async () => ++runs)).toBe(2);
  });
});
