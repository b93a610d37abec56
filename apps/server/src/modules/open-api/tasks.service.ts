import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OPEN_API_ERRORS,
  RECORD_ERRORS,
  RECORD_PATHS,
  SYNTHESIS_ERRORS,
  CAPTURE_SLOTS,
  type CaptureSlot,
  type OpenApiTask,
  type openApiSubmitBody,
  conclusionText,
  hasResults,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { openApiCounters, openApiTasks } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { saveFile } from '../files/files.service.js';
import { progressOf } from '../records/records.presenter.js';
import { audit, findRecord, type RecordRow } from '../records/records.repo.js';
import { personValues, SLOT_KIND, startRecord } from '../records/records.service.js';
import { dayStart, giveBack, takeOne } from './counters.js';
import type { OpenApiCaller } from './signature.js';
import { checkWebhookUrl } from './webhook-url.js';

type SubmitBody = z.infer<typeof openApiSubmitBody>;
export type TaskRow = typeof openApiTasks.$inferSelect;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeCapture(slot: CaptureSlot, data: string): Buffer {
  const clean = data.replace(/\s+/g, '');
  if (!clean || clean.length % 4 !== 0 || !BASE64.test(clean))
    throw new AppError(OPEN_API_ERRORS.CAPTURE_INVALID, undefined, { slot });
  return Buffer.from(clean, 'base64');
}

/** The poll answer (and the webhook's task): the record's status, typed results and report link. */
export function presentTask(t: TaskRow, r: RecordRow | undefined, replayed = false): OpenApiTask {
  const done = !!r && hasResults(r.status);
  return {
    taskId: t.id,
    status: r?.status ?? 'queued',
    progress: r ? progressOf(r) : null,
    results: r ? r.results : null,
    // Stored as an id; worded in the task's language, as its report link.
    conclusion: r ? conclusionText(r.conclusion, r.lang) : null,
    failure: r?.failure ?? null,
    // The open report route of the record's unguessable share token (docs/records.md).
    reportUrl: done ? `${RECORD_PATHS.sharedReport(r.shareToken)}?lang=${r.lang}` : null,
    createdAt: t.createdAt.toISOString(),
    finishedAt: r?.finishedAt?.toISOString() ?? null,
    replayed,
  };
}

async function taskWithRecord(ctx: AppContext, t: TaskRow, replayed = false): Promise<OpenApiTask> {
  return presentTask(t, t.recordId ? await findRecord(ctx.db, t.recordId) : undefined, replayed);
}

/**
 * Claims the idempotency key (or makes a plain task): the first submission inserts the task;
 * a repeat finds it, and answers it when the body is the same (409 when not).
 */
async function claimTask(
  ctx: AppContext,
  caller: OpenApiCaller,
  body: SubmitBody,
  webhookUrl: string | null,
): Promise<{ task: TaskRow; claimed: boolean }> {
  const values = {
    keyId: caller.key.id,
    corporationId: caller.corporationId,
    idempotencyKey: body.idempotencyKey ?? null,
    requestHash: caller.contentSha256,
    webhookUrl,
    webhookStatus: webhookUrl ? ('waiting' as const) : ('none' as const),
  };
  const [inserted] = await ctx.db.insert(openApiTasks).values(values).onConflictDoNothing().returning();
  if (inserted) return { task: inserted, claimed: true };
  const [existing] = await ctx.db
    .select()
    .from(openApiTasks)
    .where(and(eq(openApiTasks.keyId, caller.key.id), eq(openApiTasks.idempotencyKey, body.idempotencyKey ?? '')));
  if (!existing) throw new AppError(OPEN_API_ERRORS.IDEMPOTENCY_CONFLICT);
  if (existing.requestHash !== caller.contentSha256) throw new AppError(OPEN_API_ERRORS.IDEMPOTENCY_CONFLICT);
  return { task: existing, claimed: false };
}

/**
 * A partner's submission (docs/open-api.md): checks, the idempotency key, the daily quota, then
 * the same path as every capture: files through the content checks (`saveFile`), the record
 * through `startRecord` (queue limits, audit, the analysis queue).
 */
export async function submitPartnerCapture(
  ctx: AppContext,
  caller: OpenApiCaller,
  body: SubmitBody,
  ip: string,
): Promise<OpenApiTask> {
  const webhookUrl = body.webhookUrl ? checkWebhookUrl(body.webhookUrl, ctx.config.openApi.webhookAllowPrivate) : null;
  const captures = CAPTURE_SLOTS.flatMap((slot) => {
    const c = body.captures[slot];
    return c ? [{ slot, name: c.name ?? `${slot}`, bytes: decodeCapture(slot, c.data) }] : [];
  });
  const hasVitals = !!body.vitals && Object.keys(body.vitals).length > 0;
  if (!captures.length && !body.answers && !hasVitals) throw new AppError(RECORD_ERRORS.RECORD_EMPTY);
  if (body.answers && !body.person.sex)
    throw new AppError(SYNTHESIS_ERRORS.SYNTHESIS_SEX_REQUIRED, undefined, { field: 'person.sex' });

  const { task, claimed } = await claimTask(ctx, caller, body, webhookUrl);
  if (!claimed) return taskWithRecord(ctx, task, true);
  const day = dayStart();
  if (!(await takeOne(ctx.db, caller.key.id, 'analyses', day, caller.key.dailyQuota))) {
    await ctx.db.delete(openApiTasks).where(eq(openApiTasks.id, task.id));
    throw new AppError(OPEN_API_ERRORS.QUOTA_EXCEEDED, undefined, { dailyQuota: caller.key.dailyQuota });
  }
  try {
    const files: Partial<Record<CaptureSlot, string>> = {};
    for (const c of captures) {
      const f = await saveFile(ctx.db, ctx.storage, {
        bytes: c.bytes,
        name: c.name,
        accept: { kinds: [SLOT_KIND[c.slot]] },
        engines: ctx.engines,
      });
      files[c.slot] = f.id;
    }
    // A partner's record has no platform owner: like a visitor's it is reached by its task
    // (the corporation) and its share token (the report link), and never grouped into a history.
    const created = await startRecord(
      ctx,
      {
        source: 'visitor',
        kind: body.kind,
        ...personValues(body.person),
        files,
        vitals: hasVitals ? body.vitals! : null,
        inquiry: body.answers ? { answers: body.answers } : null,
        lang: body.lang,
      },
      { ip },
    );
    const [saved] = await ctx.db
      .update(openApiTasks)
      .set({ recordId: created.recordId })
      .where(eq(openApiTasks.id, task.id))
      .returning();
    await audit(ctx.db, {
      action: 'openapi.submit',
      targetId: created.recordId,
      ip,
      detail: { corporationId: caller.corporationId, keyId: caller.key.id, taskId: task.id },
    });
    return taskWithRecord(ctx, saved!);
  } catch (e) {
    // Nothing was analyzed: the key and the quota unit are free again.
    await ctx.db.delete(openApiTasks).where(eq(openApiTasks.id, task.id));
    await giveBack(ctx.db, caller.key.id, 'analyses', day);
    throw e;
  }
}

export async function findTask(ctx: AppContext, caller: OpenApiCaller, taskId: string): Promise<OpenApiTask> {
  const [t] = await ctx.db.select().from(openApiTasks).where(eq(openApiTasks.id, taskId));
  if (!t) throw new AppError(OPEN_API_ERRORS.TASK_NOT_FOUND);
  if (t.corporationId !== caller.corporationId) throw new AppError(OPEN_API_ERRORS.TASK_FORBIDDEN);
  return taskWithRecord(ctx, t);
}

export async function usageToday(ctx: AppContext, caller: OpenApiCaller) {
  const day = dayStart();
  const [row] = await ctx.db
    .select({ n: openApiCounters.count })
    .from(openApiCounters)
    .where(
      and(
        eq(openApiCounters.keyId, caller.key.id),
        eq(openApiCounters.bucket, 'analyses'),
        eq(openApiCounters.windowStart, day),
      ),
    );
  return {
    day: day.toISOString().slice(0, 10),
    analyses: row?.n ?? 0,
    dailyQuota: caller.key.dailyQuota,
    rateLimitPerMin: caller.key.rateLimitPerMin,
  };
}
