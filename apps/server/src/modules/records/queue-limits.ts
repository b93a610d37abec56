import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ADMISSION_ERRORS, JOB_ERRORS, type ErrorDef } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { recordsTable } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

/** Who queues work: the signed-in user or the device, and the client address. */
export interface QueueWho {
  userId?: string | null;
  deviceId?: string | null;
  ip?: string;
}

const active = inArray(recordsTable.status, ['queued', 'running']);
/** Advisory-lock namespace of the queued-work limits (the first key of the two-key lock). */
const LOCK_SPACE = 4003;

async function activeCount(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recordsTable).where(and(active, where));
  return row?.n ?? 0;
}

/** Seconds a client refused for a full queue is asked to wait: about one analysis. */
const QUEUE_RETRY_AFTER_S = 10;

/**
 * The analysis queue's depth is bounded deployment-wide (ANALYSIS_QUEUE_MAX): past it a new
 * record, retry or redo is refused with 503 4009103 and Retry-After, before anything is stored,
 * so a record once accepted is never dropped (docs/server.md "Mixed traffic"). Counted without
 * a lock (parallel creates may pass the bound by their number): the bound is about hours of
 * backlog, not an exact figure. The count stops at the bound (the partial index of records
 * queued or running serves it), so it costs the same whatever the backlog.
 */
async function assertQueueRoom(ctx: AppContext): Promise<void> {
  const max = ctx.config.analysisQueueMax;
  if (max <= 0) return;
  const waiting = ctx.db
    .select({ one: sql`1` })
    .from(recordsTable)
    .where(eq(recordsTable.status, 'queued'))
    .limit(max)
    .as('waiting');
  const [row] = await ctx.db.select({ n: count() }).from(waiting);
  if ((row?.n ?? 0) >= max)
    throw new AppError(ADMISSION_ERRORS.ANALYSIS_QUEUE_FULL, undefined, {
      limit: max,
      retryAfterS: QUEUE_RETRY_AFTER_S,
    });
}

/**
 * Queues work within the limits (QUEUED_RECORDS_PER_USER / _PER_ADDRESS): in one transaction,
 * takes an advisory lock per user (or device) and per address, counts their records queued or
 * running, and runs `work` (the insert or the retry) only when both have room; else 429 4003004
 * (user or device) or 4003005 (address) with the limit in `data`. The locks make parallel
 * requests of one user or address count one after the other, so together they never pass.
 */
export async function withQueueRoom<T>(ctx: AppContext, who: QueueWho, work: (tx: Db) => Promise<T>): Promise<T> {
  await assertQueueRoom(ctx);
  const { perUser, perAddress } = ctx.config.queuedRecords;
  const owner = who.userId
    ? eq(recordsTable.ownerUserId, who.userId)
    : who.deviceId
      ? eq(recordsTable.deviceId, who.deviceId)
      : undefined;
  const checks: { key: string; where: SQL; limit: number; def: ErrorDef }[] = [];
  if (perUser > 0 && owner)
    checks.push({
      key: `u:${who.userId ?? who.deviceId}`,
      where: owner,
      limit: perUser,
      def: JOB_ERRORS.USER_QUEUE_FULL,
    });
  if (perAddress > 0 && who.ip)
    checks.push({
      key: `a:${who.ip}`,
      where: eq(recordsTable.clientIp, who.ip),
      limit: perAddress,
      def: JOB_ERRORS.ADDRESS_QUEUE_FULL,
    });
  if (!checks.length) return work(ctx.db);
  return ctx.db.transaction(async (tx) => {
    // Always in the same order, so two requests never wait on each other's second lock.
    for (const key of checks.map((c) => c.key).sort())
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key}))`);
    for (const c of checks)
      if ((await activeCount(tx, c.where)) >= c.limit)
        throw new AppError(c.def, undefined, { limit: c.limit, retryAfterS: QUEUE_RETRY_AFTER_S });
    return work(tx);
  });
}
