import { describe, expect, it } from 'vitest';
import { GATE_TIMEOUT_MESSAGE, PriorityGate, currentPriority, inBackground } from './priority-gate.js';

/**
 * The gate in front of the database connections (embedded PGlite serves one): requests go before
 * background work (a research job reading its pool), without starving it. The same gate on the
 * real pool: research.storage.test.ts.
 */
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PriorityGate', () => {
  it('a request that waits past requestTimeoutMs fails with the pool timeout and leaves the queue', async () => {
    const gate = new PriorityGate({ capacity: 1, graceMs: 0, maxWaitMs: 10_000, requestTimeoutMs: 30 });
    const held = await gate.acquire('request');
    await expect(gate.acquire('request')).rejects.toThrow(GATE_TIMEOUT_MESSAGE);
    expect(gate.waiting()).toEqual({ request: 0, background: 0 });
    // The slot it never got goes to the next one asking, once handed back.
    held();
    (await gate.acquire('request'))();
    // Background work is never timed out: a job waits as long as requests keep the connection.
    const again = await gate.acquire('request');
    const job = gate.acquire('background');
    await later(60);
    expect(gate.waiting()).toEqual({ request: 0, background: 1 });
    again();
    (await job)();
  });

  it('a request queued behind a waiting background holder gets the connection first', async () => {
    const gate = new PriorityGate({ capacity: 1, graceMs: 0, maxWaitMs: 10_000 });
    const order: string[] = [];
    const first = await gate.acquire('request');
    const job = gate.acquire('background').then((free) => (order.push('job'), free));
    const request = gate.acquire('request').then((free) => (order.push('request'), free));
    expect(gate.waiting()).toEqual({ request: 1, background: 1 });
    first();
    (await request)();
    (await job)();
    expect(order).toEqual(['request', 'job']);
  });

  it('background work waits until requests have left the last connection alone for graceMs', async () => {
    const gate = new PriorityGate({ capacity: 1, graceMs: 40, maxWaitMs: 10_000 });
    (await gate.acquire('request'))();
    const t0 = performance.now();
    let granted = 0;
    const job = gate.acquire('background').then((free) => ((granted = performance.now() - t0), free));
    // The request's next query, a moment after its first: it still goes before the job.
    await later(5);
    const next = await gate.acquire('request');
    expect(granted).toBe(0);
    next();
    (await job)();
    expect(granted).toBeGreaterThanOrEqual(39);
  });

  it('a background holder that waited maxWaitMs goes ahead of queued requests (not starved)', async () => {
    const gate = new PriorityGate({ capacity: 1, graceMs: 0, maxWaitMs: 30 });
    const order: string[] = [];
    let held = await gate.acquire('request');
    const job = gate.acquire('background').then((free) => {
      order.push('job');
      free();
    });
    // A steady stream of requests, each queued before the last one ends: without the bound the
    // job would get the connection only after the last of them.
    for (let i = 0; i < 6; i++) {
      const next = gate.acquire('request').then((free) => (order.push(`request ${i}`), free));
      await later(10);
      held();
      held = await next;
    }
    held();
    await job;
    expect(order).toHaveLength(7);
    expect(order.indexOf('job')).toBeLessThan(6);
  });

  it('with several connections, background work takes a free one at once while one stays free', async () => {
    const gate = new PriorityGate({ capacity: 3, graceMs: 10_000, maxWaitMs: 10_000 });
    (await gate.acquire('request'))();
    const a = await gate.acquire('background');
    const b = await gate.acquire('background');
    // The last free connection is kept for requests (grace), then handed on when one comes.
    let third = false;
    const c = gate.acquire('background').then((free) => ((third = true), free));
    await later(5);
    expect(third).toBe(false);
    const r = await gate.acquire('request');
    for (const free of [a, b, r]) free();
    (await c)();
  });

  it('inBackground marks the queries of its async chain, and only those', async () => {
    expect(currentPriority()).toBe('request');
    const seen = await inBackground(async () => {
      await later(1);
      return currentPriority();
    });
    expect(seen).toBe('background');
    expect(currentPriority()).toBe('request');
  });

  it('handing a slot back twice frees it once', async () => {
    const gate = new PriorityGate({ capacity: 1, graceMs: 0, maxWaitMs: 10_000 });
    const free = await gate.acquire('request');
    free();
    free();
    const a = await gate.acquire('request');
    let second = false;
    const b = gate.acquire('request').then((f) => ((second = true), f));
    await later(5);
    expect(second).toBe(false);
    a();
    (await b)();
  });
});
