import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { openApiCounters, openApiNonces } from '../../db/schema/index.js';
import { OPEN_API_TIMESTAMP_WINDOW_S } from '@tcm/contract';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const minuteStart = (now = Date.now()) => new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);
/** Start of the UTC day: quotas and metering count UTC days, the same for every process. */
export const dayStart = (now = Date.now()) => new Date(Math.floor(now / DAY_MS) * DAY_MS);

/**
 * Adds one to a counter unless it already reached `limit`; true when it was added. One upsert,
 * so concurrent requests in several processes never pass the limit together.
 */
export async function takeOne(
  db: Db,
  keyId: string,
  bucket: string,
  windowStart: Date,
  limit: number,
): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into open_api_counter (key_id, bucket, window_start, count)
    select ${keyId}, ${bucket}, ${windowStart.toISOString()}::timestamptz, 1 where ${limit} > 0
    on conflict (key_id, bucket, window_start)
    do update set count = open_api_counter.count + 1 where open_api_counter.count < ${limit}
    returning count`);
  return rows.rows.length > 0;
}

/** Adds one to a metering counter (no limit). */
export async function countOne(db: Db, keyId: string, bucket: string, windowStart: Date): Promise<void> {
  await db
    .insert(openApiCounters)
    .values({ keyId, bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [openApiCounters.keyId, openApiCounters.bucket, openApiCounters.windowStart],
      set: { count: sql`${openApiCounters.count} + 1` },
    });
}

/** Gives back one unit taken by `takeOne` (a submission refused after its quota unit was taken). */
export async function giveBack(db: Db, keyId: string, bucket: string, windowStart: Date): Promise<void> {
  await db.execute(sql`
    update open_api_counter set count = greatest(count - 1, 0)
    where key_id = ${keyId} and bucket = ${bucket} and window_start = ${windowStart.toISOString()}::timestamptz`);
}

/**
 * Records a nonce; false when the key already used it. Nonces older than the timestamp window
 * can go (a request that old is refused as stale before its nonce is looked at).
 */
export async function useNonce(db: Db, keyId: string, nonce: string): Promise<boolean> {
  const rows = await db.insert(openApiNonces).values({ keyId, nonce }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Deletes nonces past the window and per-minute counters past an hour (called by the dispatcher's loop). */
export async function pruneCounters(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(openApiNonces)
    .where(lt(openApiNonces.createdAt, new Date(now - 2 * OPEN_API_TIMESTAMP_WINDOW_S * 1000)));
  await db
    .delete(openApiCounters)
    .where(and(sql`${openApiCounters.bucket} = 'rate'`, lt(openApiCounters.windowStart, new Date(now - 3_600_000))));
}
