import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { sendOutbound, type Resolve } from '../../http/outbound.js';
import { openApiKeys, openApiTasks } from '../../db/schema/index.js';
import { findRecord } from '../records/records.repo.js';
import { pruneCounters } from './counters.js';
import type { SecretBox } from './secret-box.js';
import { hmacHex } from './signature.js';
import { presentTask } from './tasks.service.js';

export const WEBHOOK_QUEUE = 'openapi-webhook';
const SCAN_EVERY_MS = 1000;
const PRUNE_EVERY_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookDeps {
  db: Db;
  box: SecretBox;
  retries: number;
  retryDelayS: number;
  /** OPEN_API_WEBHOOK_ALLOW_PRIVATE: any resolved address may be reached (development only). */
  allowPrivate: boolean;
  /** Host name resolution; tests inject a table. */
  resolve?: Resolve;
}

/**
 * Webhooks of finished partner tasks (docs/open-api.md). A scan (every second, and soon after
 * this process's analyses change a record) takes the tasks whose record is done or failed and
 * whose webhook waits, marks them `sending` and queues one pg-boss job each; the job POSTs the
 * signed task and is retried by pg-boss with exponential back-off until the receiver answers
 * 2xx or the retries run out (`failed`). Works across processes: the scan and the queue are in
 * the database, and `for update skip locked` gives each task to one scan.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private scanning = false;
  private lastPrune = 0;

  constructor(
    private readonly boss: PgBoss | undefined,
    private readonly deps: WebhookDeps,
  ) {}

  async start(): Promise<void> {
    if (!this.boss) return;
    await this.boss.createQueue(WEBHOOK_QUEUE);
    await this.boss.work<{ taskId: string }>(
      WEBHOOK_QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: 1 },
      async ([job]) => {
        if (job) await this.deliver(job.data.taskId, job.retryCount >= job.retryLimit);
      },
    );
    this.running = true;
    this.schedule(SCAN_EVERY_MS);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    if (this.boss) await this.boss.offWork(WEBHOOK_QUEUE).catch(() => undefined);
  }

  /** A record changed in this process: scan soon rather than at the next tick. */
  kick(): void {
    if (this.running && !this.scanning) this.schedule(100);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    if (!this.running || this.scanning) return;
    this.scanning = true;
    try {
      await this.scan();
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await pruneCounters(this.deps.db);
      }
    } catch (e) {
      console.error('[open-api] webhook scan failed:', e instanceof Error ? e.message : e);
    } finally {
      this.scanning = false;
      if (this.running) this.schedule(SCAN_EVERY_MS);
    }
  }

  /** Queues a delivery for each waiting task whose record finished. */
  async scan(): Promise<void> {
    if (!this.boss) return;
    const taken = await this.deps.db.execute<{ id: string }>(sql`
      update open_api_task set webhook_status = 'sending'
      where id in (
        select t.id from open_api_task t join diagnosis_record r on r.id = t.record_id
        where t.webhook_status = 'waiting' and r.status in ('done', 'partial', 'failed')
        order by t.created_at limit 20 for update of t skip locked)
      returning id`);
    for (const { id } of taken.rows)
      await this.boss.send(
        WEBHOOK_QUEUE,
        { taskId: id },
        { retryLimit: this.deps.retries, retryDelay: this.deps.retryDelayS, retryBackoff: true },
      );
  }

  /** One delivery attempt; throws (so pg-boss retries) unless the receiver answered 2xx. */
  private async deliver(taskId: string, lastAttempt: boolean): Promise<void> {
    const { db } = this.deps;
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
        resolve: this.deps.resolve,
        allow: this.deps.allowPrivate ? () => true : undefined,
        headers: {
          'content-type': 'application/json',
          'x-tcm-task-id': taskId,
          'x-tcm-timestamp': timestamp,
          // The partner checks it with the same key's secret: hex HMAC-SHA256 of "<timestamp>.<body>".
          'x-tcm-signature': hmacHex(this.deps.box.open(row.key.secretEnc), `${timestamp}.${body}`),
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
        ...(error
          ? lastAttempt
            ? { webhookStatus: 'failed' as const }
            : {}
          : { webhookStatus: 'delivered' as const }),
      })
      .where(eq(openApiTasks.id, taskId));
    if (error) throw new Error(`webhook delivery failed: ${error}`);
  }
}
