import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { RECORD_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { recordsTable } from '../../db/schema/index.js';
import { MAX_JOBS_PER_RECORD } from './timing.js';

/** Marks the record a live worker is analyzing as alive (only while it is still `running`). */
export async function heartbeat(db: Db, id: string): Promise<void> {
  await db
    .update(recordsTable)
    .set({ updatedAt: new Date() })
    .where(and(eq(recordsTable.id, id), eq(recordsTable.status, 'running')));
}

export interface Orphan {
  id: string;
  /** Jobs of this record still in pg-boss's job table (any state). */
  jobs: number;
}

/**
 * Records whose analysis nobody will finish: `running` with no heartbeat since `cutoff` (the
 * worker's process died: its pg-boss job stays `active` until it expires), or `queued` since
 * `cutoff` with no job waiting and none taken after `cutoff` (the process died between saving the
 * record and queueing its job, or after taking the job and before taking the record). Reads
 * pg-boss's job table directly: its API has no lookup by payload.
 */
export async function findOrphans(db: Db, queue: string, cutoff: Date, limit = 100): Promise<Orphan[]> {
  const at = cutoff.toISOString();
  const { rows } = await db.execute<{ id: string; jobs: number }>(sql`
    select r.id,
      (select count(*)::int from pgboss.job j where j.name = ${queue} and j.data->>'recordId' = r.id::text) as jobs
    from diagnosis_record r
    where r.status in ('queued', 'running') and r.updated_at < ${at}::timestamptz
      and (r.status = 'running' or not exists (
        select 1 from pgboss.job j
        where j.name = ${queue} and j.data->>'recordId' = r.id::text
          and (j.state < 'active' or (j.state = 'active' and j.started_on > ${at}::timestamptz))))
    order by r.updated_at
    limit ${limit}`);
  return rows.map((r) => ({ id: r.id, jobs: Number(r.jobs) }));
}

/** Rows among `ids` still unfinished and silent since `cutoff`: nobody took them in the meantime. */
const stillOrphaned = (ids: string[], cutoff: Date) =>
  and(
    inArray(recordsTable.id, ids),
    inArray(recordsTable.status, ['queued', 'running']),
    lt(recordsTable.updatedAt, cutoff),
  );

/**
 * Takes orphans back to `queued` (the caller then queues one job each), atomically against
 * other processes sweeping at once and against a worker that came back to life: only rows still
 * silent since `cutoff` change. Answers the ids this call took.
 */
export async function requeueOrphans(db: Db, ids: string[], cutoff: Date): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .update(recordsTable)
    .set({ status: 'queued', step: null, updatedAt: new Date() })
    .where(stillOrphaned(ids, cutoff))
    .returning({ id: recordsTable.id });
  return rows.map((r) => r.id);
}

/** Fails orphans that already had MAX_JOBS_PER_RECORD jobs (4001007), with the reason in the reader's language. */
export async function failExhausted(db: Db, ids: string[], cutoff: Date): Promise<number> {
  if (!ids.length) return 0;
  const def = RECORD_ERRORS.ANALYSIS_FAILED;
  const rows = await db
    .update(recordsTable)
    .set({
      status: 'failed',
      step: null,
      failure: sql`jsonb_build_object('code', ${def.code}::int, 'msg', CASE WHEN ${recordsTable.lang} = 'en' THEN ${def.en}::text ELSE ${def.zh}::text END)`,
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(stillOrphaned(ids, cutoff))
    .returning({ id: recordsTable.id });
  return rows.length;
}

/** Splits orphans into those to queue again and those that used up their jobs. */
export function splitOrphans(orphans: Orphan[]): { requeue: string[]; exhausted: string[] } {
  return {
    requeue: orphans.filter((o) => o.jobs < MAX_JOBS_PER_RECORD).map((o) => o.id),
    exhausted: orphans.filter((o) => o.jobs >= MAX_JOBS_PER_RECORD).map((o) => o.id),
  };
}
