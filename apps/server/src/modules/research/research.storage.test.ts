import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { researchJobModelParts, researchJobs, researchPools, researchSamples } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { doctorWithToken } from '../archive/archive.test-helpers.js';
import { LOAD_PAGE, MODEL_PART_BYTES, loadModel, saveModel, streamPoolValues } from './research.repo.js';

/**
 * How a job reads its pool and writes its model (issue 20 item 4: the API stays responsive while
 * jobs run). On embedded PGlite every query runs on the API's thread, so both must go in small
 * pieces: these tests pin the pieces' size and that nothing is lost or reordered between them.
 */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await doctorWithToken(t, 'Dr Storage')).user.id;
});
afterAll(async () => t.close());

/** Resolves once `ok()` holds (checked every few milliseconds). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 2));
}

async function pool(name: string): Promise<string> {
  const [p] = await t.database.db.insert(researchPools).values({ ownerUserId: owner, name }).returning();
  return p!.id;
}

describe('research: a job reads its pool a page at a time', () => {
  it('streams every sample once, oldest first (ties by id), in pages of LOAD_PAGE, none of another pool', async () => {
    const db = t.database.db;
    const mine = await pool('streamed');
    const other = await pool('other');
    // 600 samples in one statement share one created_at: the page key must break ties by id.
    await db
      .insert(researchSamples)
      .values(Array.from({ length: 600 }, (_, i) => ({ poolId: mine, source: 'file' as const, values: { n: i } })));
    await db
      .insert(researchSamples)
      .values(Array.from({ length: 30 }, (_, i) => ({ poolId: other, source: 'file' as const, values: { n: -i } })));
    await db.insert(researchSamples).values({ poolId: mine, source: 'manual', values: { n: 600, s: '“引号” \\ ✓' } });

    const pages: unknown[][] = [];
    const total = await streamPoolValues(db, mine, (json) => pages.push(JSON.parse(json) as unknown[]));

    expect(total).toBe(601);
    expect(pages.map((p) => p.length)).toEqual([LOAD_PAGE, LOAD_PAGE, 601 - 2 * LOAD_PAGE]);
    const expected = await db.execute<{ v: { n: number } }>(
      sql`select ${researchSamples.values} as v from ${researchSamples} where ${researchSamples.poolId} = ${mine} order by ${researchSamples.createdAt}, ${researchSamples.id}`,
    );
    expect(pages.flat()).toEqual(expected.rows.map((r) => r.v));
    expect(pages.flat().at(-1)).toEqual({ n: 600, s: '“引号” \\ ✓' });
  });

  it('a request that asks for the connection after a job page does is served before that page', async () => {
    const db = t.database.db;
    const gate = t.database.gate!;
    const mine = await pool('gated');
    await db
      .insert(researchSamples)
      .values(Array.from({ length: 300 }, (_, i) => ({ poolId: mine, source: 'file' as const, values: { n: i } })));
    const order: string[] = [];
    // Something holds the suite's only connection (one, as embedded PGlite serves)…
    let holding!: () => void;
    let letGo!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const open = new Promise<void>((r) => (letGo = r));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await open;
    });
    await held;
    // …the job's first page is queued for it, then a request's query.
    const stream = streamPoolValues(db, mine, (json) =>
      order.push(`page of ${(JSON.parse(json) as unknown[]).length}`),
    );
    await until(() => gate.waiting().background === 1);
    const request = db.execute(sql`select 1`).then(() => order.push('request'));
    await until(() => gate.waiting().request === 1);
    letGo();
    await Promise.all([holder, stream, request]);

    expect(order).toEqual(['request', `page of ${LOAD_PAGE}`, `page of ${300 - LOAD_PAGE}`]);
  });

  it('an empty pool gives no page', async () => {
    const pages: string[] = [];
    expect(await streamPoolValues(t.database.db, await pool('empty'), (j) => pages.push(j))).toBe(0);
    expect(pages).toEqual([]);
  });
});

describe('research: a model is saved a part at a time', () => {
  async function job(): Promise<string> {
    const poolId = await pool('models');
    const [j] = await t.database.db
      .insert(researchJobs)
      .values({
        poolId,
        ownerUserId: owner,
        kind: 'classification',
        params: { kind: 'classification', classifier: 'naive-bayes', target: 's', features: ['x'], folds: 5, trees: 1 },
        variables: [],
      })
      .returning();
    return j!.id;
  }

  it('cuts a gzipped model into parts of at most MODEL_PART_BYTES and reads it back whole', async () => {
    const id = await job();
    // Random text compresses little, so the gzip stays over two parts' worth.
    const model = { kind: 'random-forest', noise: randomBytes(600_000).toString('base64') };
    const gz = new Uint8Array(gzipSync(JSON.stringify(model)));
    expect(gz.length).toBeGreaterThan(2 * MODEL_PART_BYTES);

    await saveModel(t.database.db, id, gz);
    const parts = await t.database.db
      .select({ seq: researchJobModelParts.seq, n: sql<number>`length(${researchJobModelParts.bytes})::int` })
      .from(researchJobModelParts)
      .where(eq(researchJobModelParts.jobId, id))
      .orderBy(researchJobModelParts.seq);
    expect(parts.map((p) => p.seq)).toEqual([0, 1, 2]);
    expect(parts.every((p) => p.n <= MODEL_PART_BYTES)).toBe(true);
    expect(parts.reduce((s, p) => s + p.n, 0)).toBe(gz.length);
    expect(await loadModel(t.database.db, id)).toEqual(model);

    // Saved again (a re-run): the old parts go, the new model alone is read.
    await saveModel(t.database.db, id, new Uint8Array(gzipSync(JSON.stringify({ small: true }))));
    expect(await loadModel(t.database.db, id)).toEqual({ small: true });
  });

  it('reads a model saved before the parts (plain JSON, moved over by the migration); none is undefined', async () => {
    const id = await job();
    await t.database.db
      .insert(researchJobModelParts)
      .values({ jobId: id, seq: 0, bytes: Buffer.from(JSON.stringify({ legacy: '旧模型' })) });
    expect(await loadModel(t.database.db, id)).toEqual({ legacy: '旧模型' });
    expect(await loadModel(t.database.db, await job())).toBeUndefined();
  });
});
