import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_PATHS, OPS_ERRORS, OPS_PATHS } from '@tcm/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { userWithToken } from '../test/records-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { renderOwnMetrics, startMetricsServer } from './metrics.js';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, [], { jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/healthz answers while the process runs, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPS_PATHS.healthz });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'alive', pid: process.pid } });
  });

  it('/readyz is 200 with the database reachable, every migration applied and the queue started', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPS_PATHS.readyz });
    expect(res.json()).toEqual({
      code: 0,
      msg: expect.any(String),
      data: { database: true, migrations: true, queue: true, shuttingDown: false },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('/readyz is 503 (4700001, in the reader language) without a job queue', async () => {
    const noJobs = await createTestApp();
    try {
      const res = await noJobs.app.inject({ method: 'GET', url: OPS_PATHS.readyz, headers: { language: 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: OPS_ERRORS.NOT_READY.code,
        msg: OPS_ERRORS.NOT_READY.en,
        data: { database: true, migrations: true, queue: false, shuttingDown: false },
      });
      // The database gone: not ready either (and no 500).
      await noJobs.database.pool.end();
      const gone = await noJobs.app.inject({ method: 'GET', url: OPS_PATHS.readyz });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ code: 4700001, msg: OPS_ERRORS.NOT_READY.zh, data: { database: false } });
    } finally {
      await noJobs.app.close();
    }
  });

  it('/readyz is 503 on a database without the migrations', async () => {
    const empty = await openDatabase({ inMemory: true });
    const config = loadConfig({ DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent', ENGINE_POOL_SIZE: '0' });
    const app = await buildApp(config, { database: empty });
    try {
      // The first query of a new WASM instance compiles for seconds under load: not the 2 s probe's business.
      await empty.pool.query('select 1');
      const res = await app.inject({ method: 'GET', url: OPS_PATHS.readyz });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 4700001, data: { database: true, migrations: false } });
    } finally {
      await app.close();
      await empty.close();
    }
    // A new in-memory PGlite starts in seconds alone, in half a minute or more on the loaded shared machine.
  }, 180_000);
});

describe('metrics and shutdown of a listening app', () => {
  it('times requests by route template; /metrics on its own listener only; close() ends open event streams', async () => {
    const t = await createTestApp({}, [], { jobs: true });
    const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' }, renderOwnMetrics);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const mbase = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
      await fetch(`${base}/backend/portal/news/item/${'0'.repeat(8)}-0000-0000-0000-000000000000`);
      // Not on the public port.
      const pub = await fetch(`${base}${OPS_PATHS.metrics}`);
      expect(pub.status).toBe(404);
      const other = await fetch(`${mbase}/other`);
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ code: OPS_ERRORS.METRICS_NOT_FOUND.code });
      const text = await (await fetch(`${mbase}${OPS_PATHS.metrics}`)).text();
      expect(text).toMatch(
        /tcm_http_request_duration_seconds_count\{method="GET",route="\/backend\/portal\/news\/item\/:id",status_code="\d{3}"\} \d+/,
      );
      expect(text).toMatch(
        /tcm_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d+/,
      );
      expect(text).toContain('tcm_job_queue_depth');
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('nodejs_eventloop_lag_seconds');

      // A display screen's live feed never ends by itself: closing must end it, not wait for it.
      const screen = await userWithToken(t, { entrance: 'display' });
      const feed = await fetch(`${base}${DISPLAY_PATHS.feed}`, {
        headers: { authorization: `Bearer ${screen.token}` },
      });
      expect(feed.headers.get('content-type')).toContain('text/event-stream');
      const reader = feed.body!.getReader();
      await reader.read();
      const t0 = Date.now();
      await t.app.close();
      expect(Date.now() - t0).toBeLessThan(10_000);
      for (;;) if ((await reader.read()).done) break;
      expect(t.app.ctx.lifecycle.shuttingDown).toBe(true);
    } finally {
      metrics.close();
      await t.close().catch(() => undefined);
    }
  });
});
