import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inBackground } from '../../db/priority-gate.js';
import { researchJobModelParts, researchJobs, researchPools, researchSamples } from '../../db/schema/index.js';
import { readJob, type StoredJob } from './research.stored.js';
import { containsPattern } from '../../db/contains.js';
import { tablePage } from '../../db/paging.js';
import { firstRow, insertRow } from '../../db/rows.js';

export type PoolRow = typeof researchPools.$inferSelect;
export type SampleRow = typeof researchSamples.$inferSelect;
export type SampleInsert = typeof researchSamples.$inferInsert;
export type JobRow = typeof researchJobs.$inferSelect;
export type JobInsert = typeof researchJobs.$inferInsert;

/** A pool row; `sampleCount` is a column kept with the samples. */
export type PoolWithCount = PoolRow;

export const findPool = (db: Db, id: string): Promise<PoolWithCount | undefined> =>
  firstRow(db, researchPools, eq(researchPools.id, id));

export async function findPools(db: Db, ids: readonly string[]): Promise<PoolRow[]> {
  return ids.length
    ? db
        .select()
        .from(researchPools)
        .where(inArray(researchPools.id, [...ids]))
    : [];
}

export async function listPools(
  db: Db,
  ownerUserId: string,
  opts: { page: number; size: number; search?: string },
): Promise<{ list: PoolWithCount[]; total: number }> {
  const where = and(
    eq(researchPools.ownerUserId, ownerUserId),
    opts.search ? ilike(researchPools.name, containsPattern(opts.search)) : undefined,
  );
  const { rows, total } = await tablePage(
    db,
    researchPools,
    where,
    [desc(researchPools.createdAt), desc(researchPools.id)],
    opts,
  );
  return { list: rows, total };
}

export const insertPool = (db: Db, values: typeof researchPools.$inferInsert): Promise<PoolRow> =>
  insertRow(db, researchPools, values);

export async function updatePool(db: Db, id: string, set: Partial<typeof researchPools.$inferInsert>): Promise<void> {
  await db
    .update(researchPools)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(researchPools.id, id));
}

export async function deletePools(db: Db, ids: readonly string[]): Promise<void> {
  await db.delete(researchPools).where(inArray(researchPools.id, [...ids]));
}

export async function listSamples(
  db: Db,
  poolId: string,
  opts: { page: number; size: number; where?: SQL },
): Promise<{ list: SampleRow[]; total: number }> {
  const where = and(eq(researchSamples.poolId, poolId), opts.where);
  const order = [desc(researchSamples.createdAt), desc(researchSamples.id)];
  const { rows, total } = await tablePage(db, researchSamples, where, order, opts);
  return { list: rows, total };
}

/**
 * Rows per query when a job loads a pool. On embedded PGlite the database runs on the API's own
 * thread and serves one connection: a request that comes while a page is read waits for that
 * page, so a page's time bounds the wait (docs/research.md "API latency").
 */
export const LOAD_PAGE = 250;

/**
 * Streams a pool's samples to `onPage`, oldest first ((created_at, id): the order a job's seeds
 * and folds were always drawn in), `pageSize` rows a query, each page as the JSON text of an
 * array of the samples' values: the API thread neither parses them nor holds the whole pool (a
 * job's worker thread parses each page as it arrives). Pages follow the key (created_at, id) of
 * the last row, so each query reads its own rows from the (pool_id, created_at, id) index and
 * nothing else. Each page is read at background priority (db/priority-gate.ts): a request that
 * wants the connection gets it first. Answers the number of samples.
 */
export async function streamPoolValues(
  db: Db,
  poolId: string,
  onPage: (json: string) => void,
  pageSize = LOAD_PAGE,
): Promise<number> {
  let after: PageKey | null = null;
  let total = 0;
  for (;;) {
    const page = await inBackground(() => poolPage(db, poolId, after, pageSize));
    if (!page.n) return total;
    onPage(page.json);
    total += page.n;
    if (page.n < pageSize) return total;
    after = { at: page.at, id: page.id };
  }
}

interface PageKey {
  /** created_at as PostgreSQL's text: a JS Date would drop the microseconds. */
  at: string;
  id: string;
}

interface Page extends PageKey {
  n: number;
  json: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^[0-9]{4,}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?[+-][0-9]{2}(:[0-9]{2}){0,2}$/;

/** A value that goes into the page's SQL text as a literal: only the shapes we read back. */
function literal(value: string, shape: RegExp): string {
  if (!shape.test(value)) throw new Error(`research page key out of shape: ${value}`);
  return `'${value}'`;
}

/**
 * One page of a pool's samples after `after`, in one round trip: one simple-protocol query of two
 * statements (one implicit transaction), answering one row with the page already as JSON text
 * and the page's last key; no per-row work in JS. Its values are literals (checked uuid and
 * timestamp shapes), since a parameterised query holds one statement only.
 *
 * The first statement tells the planner to walk the index for this transaction only
 * (`set_config(…, true)`): PGlite never analyses its tables (no autovacuum), so without
 * statistics PostgreSQL guesses a few rows per pool, picks a bitmap scan and sorts every
 * remaining row of the pool for each page (5,000 rows: 100 ms a page instead of 13 ms, and the
 * whole pool for the last). On PostgreSQL with statistics the plan is the same.
 */
async function poolPage(db: Db, poolId: string, after: PageKey | null, size: number): Promise<Page> {
  const from = after
    ? `and (created_at, id) > (${literal(after.at, TIMESTAMP)}::timestamptz, ${literal(after.id, UUID)}::uuid)`
    : '';
  const text = `select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true);
select count(*)::int as n,
  '[' || coalesce(string_agg(p.v, ',' order by p.c, p.id), '') || ']' as json,
  (array_agg(p.c::text order by p.c desc, p.id desc))[1] as at,
  (array_agg(p.id::text order by p.c desc, p.id desc))[1] as id
from (
  select created_at as c, id, "values"::text as v from research_sample
  where pool_id = ${literal(poolId, UUID)} ${from}
  order by pool_id, created_at, id
  limit ${Math.trunc(size)}
) p`;
  // Two statements answer two results; the page is the second.
  const results = (await db.execute(sql.raw(text))) as unknown as Array<{ rows: Page[] }>;
  return results[1]!.rows[0]!;
}

/** Source ids of a source already in the pool (a repeated system import skips them). */
export async function importedSourceIds(db: Db, poolId: string, source: SampleRow['source']): Promise<Set<string>> {
  const rows = await db
    .select({ id: researchSamples.sourceId })
    .from(researchSamples)
    .where(and(eq(researchSamples.poolId, poolId), eq(researchSamples.source, source)));
  return new Set(rows.map((r) => r.id).filter((x): x is string => !!x));
}

/** Inserts in chunks (PostgreSQL's 65,535 bind parameters), all or nothing. */
export async function insertSamples(db: Db, poolId: string, rows: Omit<SampleInsert, 'poolId'>[]): Promise<void> {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(researchSamples).values(rows.slice(i, i + 1000).map((r) => ({ ...r, poolId })));
    await tx
      .update(researchPools)
      .set({ sampleCount: sql`${researchPools.sampleCount} + ${rows.length}` })
      .where(eq(researchPools.id, poolId));
  });
}

export async function findSample(db: Db, poolId: string, id: string): Promise<SampleRow | undefined> {
  const [row] = await db
    .select()
    .from(researchSamples)
    .where(and(eq(researchSamples.id, id), eq(researchSamples.poolId, poolId)));
  return row;
}

export async function updateSample(db: Db, id: string, values: SampleRow['values']): Promise<SampleRow> {
  const [row] = await db
    .update(researchSamples)
    .set({ values, updatedAt: new Date() })
    .where(eq(researchSamples.id, id))
    .returning();
  return row!;
}

/** Deletes the pool's samples among `ids`; answers how many of `ids` were the pool's. */
export async function deleteSamples(db: Db, poolId: string, ids: readonly string[]): Promise<number> {
  const rows = await db
    .delete(researchSamples)
    .where(and(eq(researchSamples.poolId, poolId), inArray(researchSamples.id, [...ids])))
    .returning({ id: researchSamples.id });
  await db
    .update(researchPools)
    .set({ sampleCount: sql`${researchPools.sampleCount} - ${rows.length}` })
    .where(eq(researchPools.id, poolId));
  return rows.length;
}

/** Whether any sample of the pool holds a value of `key`. */
export async function variableInUse(db: Db, poolId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: researchSamples.id })
    .from(researchSamples)
    .where(and(eq(researchSamples.poolId, poolId), sql`${researchSamples.values} ? ${key}`))
    .limit(1);
  return !!row;
}

export const insertJob = (db: Db, values: JobInsert): Promise<JobRow> => insertRow(db, researchJobs, values);

/** A job with its result parsed into the contract's union (research.stored.ts): the one read of a result. */
export async function findJob(db: Db, id: string): Promise<StoredJob | undefined> {
  const [row] = await db.select().from(researchJobs).where(eq(researchJobs.id, id));
  return row && readJob(row);
}

export async function updateJob(db: Db, id: string, set: Partial<JobInsert>): Promise<void> {
  await db.update(researchJobs).set(set).where(eq(researchJobs.id, id));
}

/** Bytes of a saved model per query (research_job_model_part). */
export const MODEL_PART_BYTES = 256 * 1024;

/**
 * Saves a job's model (gzipped JSON from its thread) a part at a time, with a turn of the event
 * loop between parts: on embedded PGlite each insert runs on the API thread, so a part's size
 * bounds the pause (a 100k-sample forest is megabytes even gzipped). Replaces any earlier parts.
 */
export async function saveModel(db: Db, jobId: string, gz: Uint8Array): Promise<void> {
  const bytes = Buffer.from(gz.buffer, gz.byteOffset, gz.byteLength);
  await db.delete(researchJobModelParts).where(eq(researchJobModelParts.jobId, jobId));
  for (let seq = 0; seq * MODEL_PART_BYTES < bytes.length; seq++) {
    const part = bytes.subarray(seq * MODEL_PART_BYTES, (seq + 1) * MODEL_PART_BYTES);
    await db.insert(researchJobModelParts).values({ jobId, seq, bytes: part });
    await new Promise((r) => setImmediate(r));
  }
}

/** A job's saved model as parsed JSON, or undefined when it has none (gunzip runs off the thread). */
export async function loadModel(db: Db, jobId: string): Promise<unknown> {
  const parts = await db
    .select({ bytes: researchJobModelParts.bytes })
    .from(researchJobModelParts)
    .where(eq(researchJobModelParts.jobId, jobId))
    .orderBy(asc(researchJobModelParts.seq));
  if (!parts.length) return undefined;
  const bytes = Buffer.concat(parts.map((p) => p.bytes));
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return JSON.parse((gzipped ? await promisify(gunzip)(bytes) : bytes).toString('utf8'));
}

/** Moves a queued job to running; undefined when another worker has it or it is finished. */
export async function claimJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(researchJobs)
    .set({ status: 'running', startedAt: new Date(), progress: 0 })
    .where(and(eq(researchJobs.id, id), eq(researchJobs.status, 'queued')))
    .returning();
  return row;
}

/** A doctor's jobs, newest first, with the pool's name; the result and model stay in the database. */
export async function listJobs(
  db: Db,
  ownerUserId: string,
  opts: { poolId?: string; kind?: JobRow['kind']; limit: number },
) {
  const j = researchJobs;
  return db
    .select({
      id: j.id,
      poolId: j.poolId,
      poolName: researchPools.name,
      kind: j.kind,
      params: j.params,
      status: j.status,
      progress: j.progress,
      phase: j.phase,
      failure: j.failure,
      createdAt: j.createdAt,
      finishedAt: j.finishedAt,
    })
    .from(researchJobs)
    .innerJoin(researchPools, eq(researchPools.id, researchJobs.poolId))
    .where(
      and(
        eq(researchJobs.ownerUserId, ownerUserId),
        opts.poolId ? eq(researchJobs.poolId, opts.poolId) : undefined,
        opts.kind ? eq(researchJobs.kind, opts.kind) : undefined,
      ),
    )
    .orderBy(desc(researchJobs.createdAt))
    .limit(opts.limit);
}
