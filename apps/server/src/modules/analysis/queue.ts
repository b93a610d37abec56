import { EventEmitter } from 'node:events';
import type PgBoss from 'pg-boss';
import { HTTP_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { JobQueue, type JobAttempt, type JobLog, type QueueDefinition } from '../../jobs/queue.js';
import { QUEUE_NAMES } from '../../jobs/queues.js';
import { failExhausted, findOrphans, requeueOrphans, splitOrphans } from './orphans.js';
import { JOB_EXPIRE_S, ORPHAN_AFTER_MS, SWEEP_EVERY_MS } from './timing.js';

export const ANALYZE_QUEUE = QUEUE_NAMES.analyze;

/**
 * What the queue's workers run, injected by the app (app.ts): the database for the sweep, and
 * one analysis attempt of a record (worker.ts `analyzeRecord`). The queue imports neither the app
 * context nor the worker.
 */
export interface AnalysisJobs {
  db: Db;
  analyze(recordId: string, opts: JobAttempt): Promise<void>;
}

export interface AnalysisQueueOptions {
  /**
   * Retries of a job after an unexpected (transient) failure, with exponential backoff from
   * `retryDelayS` (ANALYSIS_RETRY_DELAY_S, 2 s by default; the test app waits 1 s).
   */
  retryDelayS: number;
  /** Analyses this process runs at once (ANALYSIS_WORKERS). */
  workers: number;
  log: JobLog;
}

type AnalyzeJob = { recordId: string };
const IDLE_POLL_MS = 1000;

/**
 * The record analysis queue (jobs/queue.ts), and the record changes its workers make in this
 * process, so that event streams answer at once.
 */
export class AnalysisQueue {
  readonly queue: JobQueue<AnalyzeJob>;
  private readonly changes = new EventEmitter().setMaxListeners(0);

  constructor(boss: PgBoss | undefined, jobs: AnalysisJobs, opts: AnalysisQueueOptions) {
    this.queue = new JobQueue(boss, this.definition(jobs, opts), opts.log);
  }

  private definition(jobs: AnalysisJobs, opts: AnalysisQueueOptions): QueueDefinition<AnalyzeJob> {
    return {
      name: ANALYZE_QUEUE,
      send: { retryLimit: 2, retryDelay: opts.retryDelayS, retryBackoff: true, expireInSeconds: JOB_EXPIRE_S },
      workers: opts.workers,
      idlePollMs: IDLE_POLL_MS,
      // The record's own claim (records.repo `claimRecord`) keeps a second worker off it.
      run: (job, attempt) => jobs.analyze(job.recordId, attempt),
      sweep: { everyMs: SWEEP_EVERY_MS, run: () => this.sweep(jobs.db) },
      down: { def: HTTP_ERRORS.INTERNAL, detail: 'the job queue is not running' },
    };
  }

  /** Started and not stopped: analyses can be queued (and run here when this process has workers). */
  get started(): boolean {
    return this.queue.started;
  }

  /** Queues the analysis of a record; answers once the job is safely in the database. */
  enqueue(recordId: string): Promise<void> {
    return this.queue.enqueue({ recordId });
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

  /**
   * Finds records whose analysis was cut off (their process was killed: docs/server.md "Load,
   * faults and fuzzing") and queues each again, or fails it once it has used up its jobs. The
   * changes are conditional, so processes sweeping together queue one job per record.
   */
  private async sweep(db: Db): Promise<void> {
    const cutoff = new Date(Date.now() - ORPHAN_AFTER_MS);
    const { requeue, exhausted } = splitOrphans(await findOrphans(db, ANALYZE_QUEUE, cutoff));
    await failExhausted(db, exhausted, cutoff);
    for (const id of await requeueOrphans(db, requeue, cutoff)) {
      await this.enqueue(id);
      this.notify(id);
    }
  }
}
