import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { FILE_PATHS, OPS_PATHS } from '@tcm/contract';
import {
  buildServer,
  freePort,
  postVisitorPhoto,
  spawnBuilt,
  untilReady,
  type ServerProcess,
} from '../test/server-process.js';
import { dataFile, multipart } from '../test/records-helpers.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const out = join(serverRoot, `.test-dist-ops-${process.pid}`);
const realPostgres = process.env.DATABASE_URL;

/** The built server on the suite's database; resolves once /readyz is 200. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnBuilt(out, env);
  await untilReady(server, 120_000);
  return server;
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve),
  );

beforeAll(() => {
  buildServer(out);
}, 180_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('graceful shutdown of the built server', () => {
  it('on SIGTERM: stops accepting, finishes an in-flight upload and the running analysis, then exits 0', async () => {
    const sql = new pg.Client({ connectionString: inject('databaseUrl') });
    await sql.connect();
    const { child, base, output } = await startServer({ SHUTDOWN_GRACE_S: '90' });
    try {
      // A visitor's tongue photo: its analysis runs in this process's queue worker.
      const recordId = await postVisitorPhoto(base);
      const status = async () =>
        (await sql.query<{ status: string }>('select status from diagnosis_record where id = $1', [recordId])).rows[0]!
          .status;
      for (const t0 = Date.now(); (await status()) === 'queued' && Date.now() - t0 < 60_000;)
        await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toBe('running');

      // An upload whose body is half sent when the signal comes.
      const upload = multipart([
        {
          field: 'file',
          filename: 'late.jpg',
          contentType: 'image/jpeg',
          value: dataFile('tongue/images/TE0000387.jpg'),
        },
      ]);
      const half = Math.floor(upload.payload.length / 2);
      const req = request(base + FILE_PATHS.portalOssUpload, {
        method: 'POST',
        headers: { ...upload.headers, 'content-length': String(upload.payload.length) },
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
      });
      req.write(upload.payload.subarray(0, half));
      await new Promise((r) => setTimeout(r, 500));
      const exit = exitOf(child);
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      // No new connections once the signal came.
      await expect(fetch(base + OPS_PATHS.healthz)).rejects.toThrow();
      req.end(upload.payload.subarray(half));
      const res = await answer;
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ code: 0, data: { name: 'late.jpg' } });
      expect(await exit, output()).toBe(0);
      // The analysis that was running finished before the exit: not left `running` for the sweep.
      expect(await status()).toBe('done');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await sql.end();
    }
  }, 240_000);
});

describe('several processes on one database', () => {
  it.skipIf(!realPostgres)(
    'WORKERS=2: two processes answer on one port, the primary serves their summed metrics, SIGTERM ends all with 0',
    async () => {
      const metricsPort = await freePort();
      const { child, base, output } = await startServer({
        WORKERS: '2',
        METRICS_PORT: String(metricsPort),
        ENGINE_POOL_SIZE: '0',
      });
      try {
        const pids = new Set<number>();
        // The second worker may still be starting when the first answers (slow on a loaded machine).
        for (const until = Date.now() + 90_000; pids.size < 2 && Date.now() < until;) {
          const res = await fetch(base + OPS_PATHS.healthz, { headers: { connection: 'close' } });
          pids.add(((await res.json()) as { data: { pid: number } }).data.pid);
          if (pids.size < 2) await new Promise((r) => setTimeout(r, 200));
        }
        expect(pids.size).toBe(2);
        expect(pids.has(child.pid!)).toBe(false);
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}${OPS_PATHS.metrics}`)).text();
        const m =
          /tcm_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} (\d+)/.exec(
            text,
          );
        expect(Number(m?.[1])).toBeGreaterThanOrEqual(2);
        const exit = exitOf(child);
        child.kill('SIGTERM');
        expect(await exit, output()).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    240_000,
  );
});
