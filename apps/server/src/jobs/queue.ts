import type PgBoss from 'pg-boss';
import type { ErrorDef } from '@tcm/contract';
import { AppError } from '../http/app-error.js';
import type { QueueName } from './queues.js';

/** Where a queue reports what went wrong outside a job (the app's logger, pino's call shape). */
export interface JobLog {
  error(obj: object, msg: string): void;
}

/** One attempt of a job, as its handler sees it. */
export interface JobAttempt {
  /** No retry follows if this attempt throws: the handler records the failure itself. */
  lastAttempt: boolean;
}

/**
 * One queue of the app: what its jobs carry, how they are sent, how one runs, and how the work
 * a killed process left behind is found again. Feature modules write these; the queue below runs
 * them all the same way.
 */
export interface QueueDefinition<P extends object> {
  /** One of the app's queues (jobs/queues.ts): each start's preparation makes it. */
  readonly name: QueueName;
  /**
   * pg-boss's retry and expiry of each job: `retryLimit` attempts after the first, `retryDelay`
   * seconds apart (doubling with `retryBackoff`). `expireInSeconds` is also the time limit of one
   * attempt here: beyond it the job fails (and is retried) even if its handler never returns.
   */
  readonly send: Pick<PgBoss.SendOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>;
  /** Jobs this process runs at once (0: it queues jobs that other processes run). */
  readonly workers: number;
  /** How often an idle worker looks for jobs other processes queued (its own wake it at once). */
  readonly idlePollMs: number;
  /**
   * One attempt. Claims its row itself (a conditional update: two processes never work one row)
   * and throws for pg-boss to retry; a handler that records its own outcome never throws.
   */
  run(data: P, attempt: JobAttempt): Promise<void>;
  /**
   * Finds the rows whose work a killed process left (stale) and queues or fails them, by
   * conditional changes so that processes sweeping together act once per row. Runs at start and
   * then every `everyMs` (once only without it), where this process has workers for the queue.
   */
  readonly sweep?: { readonly everyMs?: number; run(queue: JobQueue<P>): Promise<void> };
  /** What `enqueue` answers when the app runs without pg-boss (tests that do not start it). */
  readonly down: { def: ErrorDef; detail?: string };
}

/** A queue as the app's users see it: jobs go in, and a sweep can be asked for sooner. */
export interface Queue<P extends object> {
  /** Started and not stopped: jobs can be queued (and run here when this process has workers). */
  readonly started: boolean;
  /** Queues a job; answers once it is safely in the database. */
  enqueue(data: P): Promise<void>;
  /** Something this process did may have made work: sweep soon rather than at the next tick. */
  sweepSoon(): void;
}

const SWEEP_SOON_MS = 100;
/** pg-boss's own expiry of a job sent without one. */
const DEFAULT_EXPIRE_S = 15 * 60;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A queue on pg-boss. Workers fetch jobs themselves (rather than `boss.work`) so that a job queued
 * by this process starts at once instead of at the next poll, which is most of the upload-to-result
 * time for one photo; other processes' jobs are found by polling. pg-boss's row lock gives each job
 * to one worker of one process; its retries and expiry bring back a job whose attempt failed.
 */
export class JobQueue<P extends object> implements Queue<P> {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers: (() => void)[] = [];
  private woken = false;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly boss: PgBoss | undefined,
    readonly def: QueueDefinition<P>,
    private readonly log: JobLog,
  ) {}

  get name(): QueueName {
    return this.def.name;
  }

  get started(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (!this.boss) return;
    await this.boss.createQueue(this.def.name);
    this.running = true;
    if (this.def.workers > 0 && this.def.sweep) await this.sweep();
    for (let i = 0; i < this.def.workers; i++) this.loops.push(this.loop(this.boss));
  }

  /** Stops fetching; answers once the jobs running here and a running sweep have finished. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.sweepTimer);
    this.wake();
    await Promise.all([...this.loops, this.sweeping]);
    this.loops = [];
  }

  async enqueue(data: P): Promise<void> {
    if (!this.boss) throw new AppError(this.def.down.def, this.def.down.detail);
    await this.boss.send(this.def.name, data, this.def.send);
    this.wake();
  }

  sweepSoon(): void {
    if (this.running && this.def.sweep && this.def.workers > 0 && !this.sweeping) this.scheduleSweep(SWEEP_SOON_MS);
  }

  private scheduleSweep(ms: number): void {
    clearTimeout(this.sweepTimer);
    this.sweepTimer = setTimeout(() => void this.sweep(), ms);
  }

  /** One sweep (never two at once in a process); the next is scheduled when it ends. */
  private async sweep(): Promise<void> {
    const sweep = this.def.sweep;
    if (!sweep || !this.running || this.sweeping) return;
    this.sweeping = sweep.run(this).catch((e: unknown) => {
      this.log.error({ queue: this.def.name, err: message(e) }, 'job queue sweep failed');
    });
    try {
      await this.sweeping;
    } finally {
      this.sweeping = undefined;
      if (this.running && sweep.everyMs) this.scheduleSweep(sweep.everyMs);
    }
  }

  private wake(): void {
    const w = this.wakers;
    this.wakers = [];
    // A job queued while every worker was fetching: the next to go idle looks again at once.
    this.woken = w.length === 0;
    for (const f of w) f();
  }

  private idle(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakers.push(done);
    });
  }

  private async loop(boss: PgBoss): Promise<void> {
    const { name } = this.def;
    while (this.running) {
      let job: PgBoss.JobWithMetadata<P> | undefined;
      try {
        [job] = await boss.fetch<P>(name, { batchSize: 1, includeMetadata: true });
      } catch (e) {
        this.log.error({ queue: name, err: message(e) }, 'job queue fetch failed');
        await this.idle(this.def.idlePollMs);
        continue;
      }
      if (!job) {
        await this.idle(this.def.idlePollMs);
        continue;
      }
      try {
        await within(
          this.def.run(job.data, { lastAttempt: job.retryCount >= job.retryLimit }),
          Number(job.expireInSeconds),
        );
        await boss.complete(name, job.id);
      } catch (e) {
        await boss.fail(name, job.id, { message: message(e) }).catch(() => undefined);
      }
    }
  }
}

/**
 * The attempt, or a rejection once `seconds` have passed (as pg-boss's own workers bound a handler
 * by the job's expiry). The attempt itself goes on; its row claim keeps a retry off its row.
 */
function within(attempt: Promise<void>, seconds: number): Promise<void> {
  const ms = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_EXPIRE_S) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job attempt exceeded ${ms} ms`)), ms);
  });
  return Promise.race([attempt, late]).finally(() => clearTimeout(timer));
}
