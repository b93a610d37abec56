import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_ERRORS } from '@tcm/contract';
import { AppError } from '../http/app-error.js';
import { processLog } from '../logger.js';
import { engineDuration, engineJobLabel } from '../ops/metrics.js';
import {
  fromWire,
  runEngineJob,
  type EngineEvent,
  type EngineJob,
  type ResultOf,
  type WireError,
} from './engine-jobs.js';

export interface EnginePoolOptions {
  /** Child processes; 0 runs every job inline on the API process (measuring "before" only). */
  size: number;
  /** Jobs waiting for a free child beyond which `run` answers 4003001 (busy). */
  maxQueue: number;
  /** Heap limit of a child, MB: a runaway decode dies alone instead of swapping the machine. */
  maxHeapMb?: number;
  /**
   * How much nicer than the API process the children run (0-19; 0 = the same priority): an
   * analysis takes whole seconds of CPU, and the API's requests must not wait for it.
   */
  nice?: number;
  /** Allows the `test` job kind (crash, hang) in the children. Tests only. */
  testJobs?: boolean;
}

export interface RunOptions {
  /** The child is killed past this, and the job fails with 4003003. */
  timeoutMs: number;
  onEvent?: (e: EngineEvent) => void;
  /** false: never refused as busy (work already bounded elsewhere, the record analyses). */
  bounded?: boolean;
}

/** Messages over the IPC channel (structured clone: `serialization: 'advanced'`). */
export type ToChild = { id: number; job: EngineJob };
export type FromChild =
  { id: number; event: EngineEvent } | { id: number; result: unknown } | { id: number; error: WireError };

interface Pending {
  id: number;
  job: EngineJob;
  opts: RunOptions;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

interface Slot {
  child: ChildProcess | null;
  pending: Pending | null;
  timer: NodeJS.Timeout | null;
}

/** Where the child entry is: beside this file in the source tree (tsx), or beside dist/main.js. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    // Source (dev, tests): the child needs the TypeScript loader the parent runs under.
    const tsx = createRequire(here).resolve('tsx');
    return { file: join(dirname(here), 'engine-worker.ts'), execArgv: ['--import', tsx] };
  }
  return { file: join(dirname(here), 'engine-worker.js'), execArgv: [] };
}

/**
 * The engine worker pool: child processes that run the analysis engines and the heavy upload
 * checks, so that neither CPU-bound JavaScript nor a native crash of onnxruntime / sharp, nor an
 * out-of-memory kill, can stall or take down the API process. Each child runs one job at a
 * time; jobs beyond the free children wait in a bounded queue. A child that exits while it
 * holds a job fails that job alone (4003002) and a fresh child takes the next; a job past its
 * timeout has its child killed (4003003).
 */
/** Seconds a caller refused by a full engine queue is asked to wait: a queue of checks drains in moments. */
const BUSY_RETRY_S = 2;
/** Seconds while this process stops: another process (or this one, restarted) will answer. */
const CLOSING_RETRY_S = 5;

export class EnginePool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly entry = workerEntry();

  constructor(private readonly opts: EnginePoolOptions) {
    this.slots = Array.from({ length: opts.size }, () => ({ child: null, pending: null, timer: null }));
  }

  get size(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a child, and children busy with one. */
  get load(): { queued: number; running: number } {
    return { queued: this.queue.length, running: this.slots.filter((s) => s.pending).length };
  }

  /** Starts every child now instead of at the first job (the server does, tests need not). */
  warm(): void {
    for (const s of this.slots) if (!s.child && !this.closed) this.spawn(s);
  }

  run<J extends EngineJob>(job: J, opts: RunOptions): Promise<ResultOf<J>> {
    // Engine times for /metrics, waiting for a child included: that wait is what callers feel.
    const end = engineDuration.startTimer({ job: engineJobLabel(job) });
    const done = this.schedule(job, opts);
    done.then(
      () => end({ outcome: 'ok' }),
      () => end({ outcome: 'error' }),
    );
    return done;
  }

  private schedule<J extends EngineJob>(job: J, opts: RunOptions): Promise<ResultOf<J>> {
    if (this.closed)
      return Promise.reject(
        new AppError(JOB_ERRORS.ENGINE_BUSY, undefined, { closing: true, retryAfterS: CLOSING_RETRY_S }),
      );
    if (!this.slots.length) return this.runInline(job, opts) as Promise<ResultOf<J>>;
    const idle = this.slots.some((s) => !s.pending);
    if (!idle && opts.bounded !== false && this.queue.length >= this.opts.maxQueue)
      // A 503 that says when to come back (the error handler puts it in Retry-After): a client
      // or proxy retries it as a refusal; without it the mixed-traffic bench counted it an error.
      return Promise.reject(
        new AppError(JOB_ERRORS.ENGINE_BUSY, undefined, { queued: this.queue.length, retryAfterS: BUSY_RETRY_S }),
      );
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, opts, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the children; queued jobs fail with 4003001. Running ones fail as their child exits. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0))
      p.reject(new AppError(JOB_ERRORS.ENGINE_BUSY, undefined, { closing: true, retryAfterS: CLOSING_RETRY_S }));
    await Promise.all(
      this.slots.map(async (s) => {
        const c = s.child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return;
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        c.kill('SIGTERM');
        const force = setTimeout(() => c.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(force);
      }),
    );
  }

  private async runInline(job: EngineJob, opts: RunOptions): Promise<unknown> {
    // Inline mode cannot stop a hung job: the time limit only answers the caller.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError(JOB_ERRORS.ENGINE_TIMEOUT)), opts.timeoutMs);
    });
    const work = runEngineJob(job, (e) => opts.onEvent?.(e), { testJobs: false });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.pending || !this.queue.length) continue;
      const p = this.queue.shift()!;
      const child = slot.child ?? this.spawn(slot);
      slot.pending = p;
      slot.timer = setTimeout(() => this.timeOut(slot, child), p.opts.timeoutMs);
      child.send({ id: p.id, job: p.job } satisfies ToChild, (err) => {
        // The channel closed under us: the exit handler fails the job.
        if (err) child.kill('SIGKILL');
      });
    }
  }

  private spawn(slot: Slot): ChildProcess {
    const { file, execArgv } = this.entry;
    const child = fork(file, [], {
      serialization: 'advanced',
      execArgv: [...execArgv, `--max-old-space-size=${this.opts.maxHeapMb ?? 1536}`],
      env: { ...process.env, TCM_ENGINE_TEST_JOBS: this.opts.testJobs ? '1' : '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    this.lowerPriority(child);
    child.on('message', (m: FromChild) => this.onMessage(slot, child, m));
    child.on('exit', (code, signal) => this.onExit(slot, child, code, signal));
    // A failed spawn emits 'error' and then (usually) 'exit'; make sure the job is not left waiting.
    child.on('error', () => this.onExit(slot, child, null, null));
    return child;
  }

  /**
   * Relative to this process's own niceness (a systemd `Nice=` stays the base). Raising a child's
   * niceness needs no privilege; should the OS refuse anyway, the child runs at normal priority.
   */
  private lowerPriority(child: ChildProcess): void {
    const nice = this.opts.nice ?? 0;
    if (!nice || child.pid === undefined) return;
    try {
      setPriority(child.pid, Math.min(19, getPriority() + nice));
    } catch (e) {
      processLog().warn({ err: e }, '[engines] could not lower the priority of an engine child');
    }
  }

  private onMessage(slot: Slot, child: ChildProcess, m: FromChild): void {
    const p = slot.pending;
    if (slot.child !== child || !p || p.id !== m.id) return;
    if ('event' in m) {
      p.opts.onEvent?.(m.event);
      return;
    }
    this.finish(slot);
    if ('error' in m) p.reject(fromWire(m.error));
    else p.resolve(m.result);
  }

  private onExit(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.child !== child) return;
    slot.child = null;
    const p = slot.pending;
    if (p) {
      this.finish(slot);
      p.reject(new AppError(JOB_ERRORS.ENGINE_CRASHED, undefined, { exitCode: code, signal }));
    }
  }

  private timeOut(slot: Slot, child: ChildProcess): void {
    const p = slot.pending;
    if (!p || slot.child !== child) return;
    slot.child = null; // its exit is no longer this slot's business
    child.kill('SIGKILL');
    this.finish(slot);
    p.reject(new AppError(JOB_ERRORS.ENGINE_TIMEOUT, undefined, { timeoutMs: p.opts.timeoutMs }));
  }

  /** Frees the slot and hands the next queued job out (to a fresh child if this one died). */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.pending = null;
    queueMicrotask(() => this.dispatch());
  }
}
