import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, FILE_PATHS, MAX_UPLOAD_BYTES } from '@tcm/contract';
import type { EngineJob } from '../../jobs/engine-jobs.js';
import { bigPulseCsv } from '../../test/big-pulse.js';
import { multipart, userWithToken } from '../../test/records-helpers.js';
import { useTestApp } from '../../test/suite.js';
import { storedFiles } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { incomingDir } from './multipart.js';

// A full collection before each reading: what is counted is what is still referenced, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await userWithToken(t, { entrance: 'member' })).token;
});

/**
 * Runs `send` while every job handed to the engine pool is observed (and still run): at that
 * moment the upload has been received whole and waits for its content check, the point where a
 * buffered body is held in full. Answers the growth of ArrayBuffer memory since before `send`.
 */
async function heldAtCheck(send: () => Promise<void>): Promise<{ grewBy: number; jobs: EngineJob[] }> {
  const engines = t.app.ctx.engines;
  const run = engines.run.bind(engines);
  const jobs: EngineJob[] = [];
  // Can come out negative: memory other work let go of meanwhile is collected too.
  let grewBy = Number.NEGATIVE_INFINITY;
  gc();
  const before = process.memoryUsage().arrayBuffers;
  engines.run = (job, opts) => {
    gc();
    grewBy = Math.max(grewBy, process.memoryUsage().arrayBuffers - before);
    jobs.push(job);
    return run(job, opts);
  };
  try {
    await send();
  } finally {
    engines.run = run;
  }
  return { grewBy, jobs };
}

describe('uploads stream to disk (docs/server.md "Uploads that don\'t stall others")', () => {
  it('a 10 MB pulse upload is never held whole in the API process: written to disk as it arrives, checked from there', async () => {
    const csv = bigPulseCsv(MAX_UPLOAD_BYTES - 4096);
    const m = multipart([{ field: 'file', filename: 'long.csv', value: csv }]);
    let body: { code: number; data: { uuid: string; size: number } } | undefined;
    const { grewBy, jobs } = await heldAtCheck(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: FILE_PATHS.upload,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
        payload: m.payload,
      });
      body = res.json();
    });
    expect(body?.code).toBe(0);
    // Before: the body was gathered into one 10 MB buffer (and handed to the pool as bytes).
    expect(jobs.map((j) => j.kind)).toEqual(['decode']);
    expect(grewBy).toBeLessThan(csv.length / 4);
    // What was stored is the upload, byte for byte, with the hash taken on the way.
    const row = (await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, body!.data.uuid)))[0]!;
    expect(row.size).toBe(csv.length);
    expect(row.sha256).toBe(createHash('sha256').update(csv).digest('hex'));
    const stored = readFileSync(join(t.config.dataDir, 'files', row.storageKey));
    expect(stored.equals(Buffer.from(csv))).toBe(true);
    // The temporary file was moved into storage: nothing is left behind.
    expect(readdirSync(incomingDir(t.config.dataDir))).toEqual([]);
  });

  it('a refused upload leaves no temporary file (bad content, and a body over 10 MB)', async () => {
    const junk = multipart([{ field: 'file', filename: 'x.csv', value: new Uint8Array(3000).fill(7) }]);
    const big = multipart([{ field: 'file', filename: 'big.csv', value: bigPulseCsv(MAX_UPLOAD_BYTES + 100_000) }]);
    const codes: number[] = [];
    for (const m of [junk, big]) {
      const res = await t.app.inject({
        method: 'POST',
        url: FILE_PATHS.upload,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
        payload: m.payload,
      });
      codes.push(res.json<{ code: number }>().code);
    }
    expect(codes).toEqual([FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code, FILE_ERRORS.FILE_TOO_LARGE.code]);
    expect(readdirSync(incomingDir(t.config.dataDir))).toEqual([]);
  });
});
