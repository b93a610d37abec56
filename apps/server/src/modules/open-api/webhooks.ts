import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { HTTP_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { JobQueue, type JobLog, type Queue } from '../../jobs/queue.js';
import { QUEUE_NAMES } from '../../jobs/queues.js';
import type { SecretSealer } from '../../services.js';
import { sendOutbound, type Resolve } from '../../http/outbound.js';
import { openApiKeys, openApiTasks } from '../../db/schema/index.js';
import { findRecord } from '../records/records.repo.js';
import { pruneCounters } from './counters.js';
import { hmacHex } from './signature.js';
import { presentTask } from './tasks.service.js';

const SCAN_EVERY_MS = 1000;
const PRUNE_EVERY_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookDeps {
  db: Db;
  box: SecretSealer;
  retries: number;
  retryDelayS: number;
  /** OPEN_API_WEBHOOK_ALLOW_PRIVATE: any resolved address may be reached (development only). */
  allowPrivate: boolean;
  /** Host name resolution; tests inject a table. */
  resolve?: Resolve;
}

type WebhookJob = { taskId: string };

/**
 * Webhooks of finished partner tasks (docs/open-api.md), a queue of jobs/queue.ts. Its sweep
 * (every second, and soon after this process's analyses change a record: `sweepSoon`) takes the
 * tasks whose record is done or failed and whose webhook waits, marks them `sending` and queues
 * one job each; the job POSTs the signed task and is retried with exponential back-off until the
 * receiver answers 2xx or the retries run out (`failed`). Works across processes: the sweep and
 * the queue are in the database, and `for update skip locked` gives each task to one sweep.
 */
export function webhookQueue(boss: PgBoss | undefined, deps: WebhookDeps, log: JobLog): JobQueue<WebhookJob> {
  let lastPrune = 0;
  return new JobQueue<WebhookJob>(
    boss,
    {
      name: QUEUE_NAMES.webhook,
      send: { retryLimit: deps.retries, retryDelay: deps.retryDelayS, retryBackoff: true },
      workers: 1,
      idlePollMs: 500,
      run: (job, { lastAttempt }) => deliver(deps, job.taskId, lastAttempt),
      sweep: {
        everyMs: SCAN_EVERY_MS,
        run: async (queue) => {
          await scan(deps.db, queue);
          if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
            lastPrune = Date.now();
            await pruneCounters(deps.db);
          }
        },
      },
      down: { def: HTTP_ERRORS.INTERNAL, detail: 'the job queue is not running' },
    },
    log,
  );
}

/** Queues a delivery for each waiting task whose record finished. */
async function scan(db: Db, queue: Queue<WebhookJob>): Promise<void> {
  const taken = await db.execute<{ id: string }>(sql`
    update open_api_task set webhook_status = 'sending'
    where id in (
      select t.id from open_api_task t join diagnosis_record r on r.id = t.record_id
      where t.webhook_status = 'waiting' and r.status in ('done', 'partial', 'failed')
      order by t.created_at limit 20 for update of t skip locked)
    returning id`);
  for (const { id } of taken.rows) await queue.enqueue({ taskId: id });
}

/** One delivery attempt; throws (so pg-boss retries) unless the receiver answered 2xx. */
async function deliver(deps: WebhookDeps, taskId: string, lastAttempt: boolean): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ task: openApiTasks, key: openApiKeys })
    .from(openApiTasks)
    .innerJoin(openApiKeys, eq(openApiKeys.id, openApiTasks.keyId))
    .where(eq(openApiTasks.id, taskId));
  if (!row?.task.webhookUrl || row.task.webhookStatus !== 'sending') return;
  const record = row.task.recordId ? await findRecord(db, row.task.recordId) : undefined;
  const body = JSON.stringify({ event: 'analysis.finished', task: presentTask(row.task, record) });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let error: string | null = null;
  try {
    // Public addresses only, checked at every hop on the address actually connected to.
    const res = await sendOutbound(row.task.webhookUrl, {
      method: 'POST',
      timeoutMs: DELIVERY_TIMEOUT_MS,
      resolve: deps.resolve,
      allow: deps.allowPrivate ? () => true : undefined,
      headers: {
        'content-type': 'application/json',
        'x-tcm-task-id': taskId,
        'x-tcm-timestamp': timestamp,
        // The partner checks it with the same key's secret: hex HMAC-SHA256 of "<timestamp>.<body>".
        'x-tcm-signature': hmacHex(deps.box.open(row.key.secretEnc), `${timestamp}.${body}`),
      },
      body,
    });
    if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  await db
    .update(openApiTasks)
    .set({
      webhookAttempts: sql`${openApiTasks.webhookAttempts} + 1`,
      webhookError: error,
      ...(error ? (lastAttempt ? { webhookStatus: 'failed' as const } : {}) : { webhookStatus: 'delivered' as const }),
    })
    .where(eq(openApiTasks.id, taskId));
  if (error) throw new Error(`webhook delivery failed: ${error}`);
}
