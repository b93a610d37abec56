import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { researchJobs, researchPools, researchSamples } from '../../db/schema/index.js';

export type PoolRow = typeof researchPools.$inferSelect;
export type SampleRow = typeof researchSamples.$inferSelect;
export type SampleInsert = typeof researchSamples.$inferInsert;
export type JobRow = typeof researchJobs.$inferSelect;
export type JobInsert = typeof researchJobs.$inferInsert;

/** A pool row; `sampleCount` is a column kept with the samples. */
export type PoolWithCount = PoolRow;

export async function findPool(db: Db, id: string): Promise<PoolWithCount | undefined> {
  const [row] = await db.select().from(researchPools).where(eq(researchPools.id, id));
  return row;
}

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
    opts.search ? ilike(researchPools.name, `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const rows = await db
    .select()
    .from(researchPools)
    .where(where)
    .orderBy(desc(researchPools.createdAt), desc(researchPools.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(researchPools).where(where);
  return { list: rows, total: Number(n) };
}

export async function insertPool(db: Db, values: typeof researchPools.$inferInsert): Promise<PoolRow> {
  const [row] = await db.insert(researchPools).values(values).returning();
  return row!;
}

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
  const list = await db
    .select()
    .from(researchSamples)
    .where(where)
    .orderBy(desc(researchSamples.createdAt), desc(researchSamples.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(researchSamples).where(where);
  return { list, total: Number(n) };
}

/**
 * Rows per query when a job loads a pool. On embedded PGlite the database runs on the API's own
 * thread and serves one connection, so each page is a pause for every request; short pages let
 * the API's queued queries have the connection between them (docs/research.md).
 */
const LOAD_PAGE = 250;

/**
 * Every sample's values of a pool as JSON text, oldest first (a job's input). Text, not parsed
 * objects: the job's worker thread parses them, so 100k samples cost the API thread no JSON.parse.
 * The ids first (one index-only read), then the values by id a page at a time with a turn of the
 * event loop between pages: each page costs its own rows only. (A keyset on (created_at, id)
 * made each page sort the rest of the pool's values as text: pages of 500 took three times as
 * long in all as pages of 2,000, and no page was shorter.) A sample deleted meanwhile is left out.
 */
export async function poolValuesText(db: Db, poolId: string): Promise<string[]> {
  const ids = await db
    .select({ id: researchSamples.id })
    .from(researchSamples)
    .where(eq(researchSamples.poolId, poolId))
    .orderBy(researchSamples.createdAt, researchSamples.id);
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += LOAD_PAGE) {
    const page = ids.slice(i, i + LOAD_PAGE).map((r) => r.id);
    const rows = await db
      .select({ id: researchSamples.id, text: sql<string>`${researchSamples.values}::text` })
      .from(researchSamples)
      .where(and(eq(researchSamples.poolId, poolId), inArray(researchSamples.id, page)));
    const byId = new Map(rows.map((r) => [r.id, r.text]));
    for (const id of page) {
      const text = byId.get(id);
      if (text !== undefined) out.push(text);
    }
    await new Promise((r) => setImmediate(r));
  }
  return out;
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

export async function insertJob(db: Db, values: JobInsert): Promise<JobRow> {
  const [row] = await db.insert(researchJobs).values(values).returning();
  return row!;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(researchJobs).where(eq(researchJobs.id, id));
  return row;
}

export async function updateJob(db: Db, id: string, set: Partial<JobInsert>): Promise<void> {
  await db.update(researchJobs).set(set).where(eq(researchJobs.id, id));
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
