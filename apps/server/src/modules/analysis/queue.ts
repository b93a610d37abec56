import { EventEmitter } from 'node:events';
import type PgBoss from 'pg-boss';
import { HTTP_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { failExhausted, findOrphans, requeueOrphans, splitOrphans } from './orphans.js';
import { JOB_EXPIRE_S, ORPHAN_AFTER_MS, SWEEP_EVERY_MS } from './timing.js';

export const ANALYZE_QUEUE = 'record-analyze';

/**
 * What the queue's workers run, injected by the app (app.ts): the database for the sweep, and
 * one analysis attempt of a record (worker.ts `analyzeRecord`). The queue imports neither the app
 * context nor the worker.
 */
export interface AnalysisJobs {
  db: Db;
  analyze(recordId: string, opts: { lastAttempt: boolean }): Promise<void>;
}

/**
 * Retries of a job after an unexpected (transient) failure, with exponential backoff from
 * `retryDelayS` (ANALYSIS_RETRY_DELAY_S, 2 s by default; the test app waits 1 s).
 */
const jobOptions = (retryDelayS: number): PgBoss.SendOptions => ({
  retryLimit: 2,
  retryDelay: retryDelayS,
  retryBackoff: true,
  expireInSeconds: JOB_EXPIRE_S,
});
const IDLE_POLL_MS = 1000;

/**
 * The record analysis queue on pg-boss. Workers fetch jobs themselves (rather than `boss.work`)
 * so that a job queued by this process starts at once instead of at the next poll, which is
 * most of the upload-to-result time for one photo; other processes' jobs are found by polling.
 */
export class AnalysisQueue {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers: (() => void)[] = [];

  /** Record changes made by this process's workers, so event streams answer at once. */
  private readonly changes = new EventEmitter().setMaxListeners(0);

  private readonly jobOptions: PgBoss.SendOptions;

  constructor(
    private readonly boss: PgBoss | undefined,
    opts: { retryDelayS?: number } = {},
  ) {
    this.jobOptions = jobOptions(opts.retryDelayS ?? 2);
  }

  notify(recordId: string): void {
    this.changes.emit(recordId);
  }

  /** Resolves when this process changes the record, or after `ms` (changes made elsewhere are polled). */
  waitChange(recordId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.changes.off(recordId, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.changes.on(recordId, done);
    });
  }

  get enabled(): boolean {
    return !!this.boss;
  }

  /** Started and not stopped: jobs can be queued (and run here when this process has workers). */
  get started(): boolean {
    return this.running;
  }

  async start(jobs: AnalysisJobs, workers: number): Promise<void> {
    if (!this.boss) return;
    await this.boss.createQueue(ANALYZE_QUEUE);
    this.running = true;
    for (let i = 0; i < workers; i++) this.loops.push(this.loop(jobs, this.boss));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Queues the analysis of a record; answers once the job is safely in the database. */
  async enqueue(recordId: string): Promise<void> {
    if (!this.boss) throw new AppError(HTTP_ERRORS.INTERNAL, 'the job queue is not running');
    await this.boss.send(ANALYZE_QUEUE, { recordId }, this.jobOptions);
    this.wake();
  }

  private wake(): void {
    const w = this.wakers;
    this.wakers = [];
    for (const f of w) f();
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakers.push(done);
    });
  }

  private lastSweep = 0;

  /**
   * Finds records whose analysis was cut off (their process was killed: docs/server.md "Load,
   * faults and fuzzing") and queues each again, or fails it once it has used up its jobs. Runs at
   * start and every SWEEP_EVERY_MS; the changes are conditional, so processes sweeping together
   * queue one job per record.
   */
  private async sweep(jobs: AnalysisJobs): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    try {
      const cutoff = new Date(Date.now() - ORPHAN_AFTER_MS);
      const { requeue, exhausted } = splitOrphans(await findOrphans(jobs.db, ANALYZE_QUEUE, cutoff));
      await failExhausted(jobs.db, exhausted, cutoff);
      for (const id of await requeueOrphans(jobs.db, requeue, cutoff)) {
        await this.enqueue(id);
        this.notify(id);
      }
    } catch (e) {
      console.error('[analysis] sweep failed:', e instanceof Error ? e.message : e);
    }
  }

  private async loop(jobs: AnalysisJobs, boss: PgBoss): Promise<void> {
    while (this.running) {
      await this.sweep(jobs);
      let job: PgBoss.JobWithMetadata<{ recordId: string }> | undefined;
      try {
        [job] = await boss.fetch<{ recordId: string }>(ANALYZE_QUEUE, { batchSize: 1, includeMetadata: true });
      } catch (e) {
        console.error('[analysis] fetch failed:', e instanceof Error ? e.message : e);
        await this.idle(IDLE_POLL_MS);
        continue;
      }
      if (!job) {
        await this.idle(IDLE_POLL_MS);
        continue;
      }
      try {
        await jobs.analyze(job.data.recordId, { lastAttempt: job.retryCount >= job.retryLimit });
        await boss.complete(ANALYZE_QUEUE, job.id);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        await boss.fail(ANALYZE_QUEUE, job.id, { message }).catch(() => undefined);
      }
    }
  }
}
