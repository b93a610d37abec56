import { and, count, eq, inArray } from 'drizzle-orm';
import { JOB_ERRORS, type ErrorDef } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { diagnosisRecords } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

/** Who queues work: the signed-in user or the device, and the client address. */
export interface QueueWho {
  userId?: string | null;
  deviceId?: string | null;
  ip?: string;
}

const active = inArray(diagnosisRecords.status, ['queued', 'running']);

async function activeCount(ctx: AppContext, where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(diagnosisRecords).where(and(active, where));
  return row?.n ?? 0;
}

/**
 * Checks the queued-work limits (QUEUED_RECORDS_PER_USER / _PER_ADDRESS) right after the caller
 * queued one more record, counting that record too. Reserve first, then count: parallel
 * requests can never pass the limit together (near it, they may refuse each other, which is
 * the safe side). Over a limit, `undo` takes the record back and the answer is 429 4003004
 * (user or device) or 4003005 (address) with the limit in `data`.
 */
export async function assertQueueRoom(ctx: AppContext, who: QueueWho, undo: () => Promise<void>): Promise<void> {
  const { perUser, perAddress } = ctx.config.queuedRecords;
  const owner = who.userId
    ? eq(diagnosisRecords.ownerUserId, who.userId)
    : who.deviceId
      ? eq(diagnosisRecords.deviceId, who.deviceId)
      : undefined;
  let over: { def: ErrorDef; limit: number } | undefined;
  if (perUser > 0 && owner && (await activeCount(ctx, owner)) > perUser)
    over = { def: JOB_ERRORS.USER_QUEUE_FULL, limit: perUser };
  else if (perAddress > 0 && who.ip && (await activeCount(ctx, eq(diagnosisRecords.clientIp, who.ip))) > perAddress)
    over = { def: JOB_ERRORS.ADDRESS_QUEUE_FULL, limit: perAddress };
  if (!over) return;
  await undo();
  throw new AppError(over.def, undefined, { limit: over.limit });
}

/** Takes back a record inserted a moment ago (nothing refers to it yet). */
export async function dropNewRecord(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.delete(diagnosisRecords).where(eq(diagnosisRecords.id, id));
}
