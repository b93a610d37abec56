import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATHS, MAX_UPLOAD_BYTES, RECORD_PATHS, USER_PATHS } from '@tcm/contract';
import { call } from '../../test/http.js';
import { bigPulseCsv } from '../../test/big-pulse.js';
import { multipart, userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

describe('records: decoding and engines run off the request thread', () => {
  it('while a 10 MB pulse file is checked and analyzed, the event loop never stalls and light requests answer', async () => {
    const { token } = await userWithToken(t, { entrance: 'member' });
    const csv = bigPulseCsv(MAX_UPLOAD_BYTES - 4096);
    const m = multipart([{ field: 'file', filename: 'long.csv', value: csv }]);
    // Warm the pool's child up first: its start-up is not what is measured.
    await call(t.app, 'GET', USER_PATHS.currentUser, token);
    await t.app.ctx.engines.run(
      { kind: 'decode', capture: 'pulse', source: { bytes: csv.subarray(0, 100_000) }, name: 'w.csv' },
      {
        timeoutMs: 60000,
      },
    );

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let busy = true;
    const light: number[] = [];
    const pinger = (async () => {
      while (busy) {
        const t0 = performance.now();
        expect((await call(t.app, 'GET', USER_PATHS.currentUser, token)).status).toBe(200);
        light.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const work = (async () => {
      const up = await t.app.inject({
        method: 'POST',
        url: FILE_PATHS.upload,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
        payload: m.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
      const uuid = up.json<{ data: { uuid: string } }>().data.uuid;
      const created = await call(t.app, 'POST', RECORD_PATHS.create, token, { files: { pulse: uuid } });
      expect(created.status).toBe(200);
      return waitFor(
        () => call(t.app, 'GET', RECORD_PATHS.detail(created.body.data.recordId), token),
        (r) => ['done', 'failed'].includes(r.body.data.status),
        120000,
      );
    })();
    const record = await work.finally(() => (busy = false));
    await pinger;
    loop.disable();

    expect(record.body.data.status).toBe('done');
    expect(record.body.data.results.pulse.status).toBe('done');
    // Inline (the code before the pool) the decode alone held the loop for ~1 s on this file,
    // and the pulse engine as long again. A generous bound: this is a behavior check, not a benchmark.
    const maxDelayMs = loop.max / 1e6;
    expect(maxDelayMs, `max event-loop delay ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(300);
    // A light request also waits for the database and for the CPU the engine child takes from it
    // (2 cores, the suite's other runs beside it: 510-743 ms seen): the event-loop delay above is
    // the stall check; this one only says no request waits as long as an inline decode would hold.
    expect(Math.max(...light), 'slowest light request, ms').toBeLessThan(1000);
    expect(light.length).toBeGreaterThan(5);
  }, 180000);
});
