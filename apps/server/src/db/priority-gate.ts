import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who asks for a database connection. `request`: everything by default (API requests, pg-boss).
 * `background`: work that may wait (a research job reading its pool), marked with `inBackground`.
 */
export type Priority = 'request' | 'background';

const backgroundWork = new AsyncLocalStorage<true>();

/** Runs `fn` with its queries at background priority (they yield the connection to requests). */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, fn);
}

/** The priority of the code calling now (AsyncLocalStorage follows its awaits). */
export function currentPriority(): Priority {
  return backgroundWork.getStore() ? 'background' : 'request';
}

export interface GateOptions {
  /** Connections the gate hands out at once (the pool's size). */
  capacity: number;
  /**
   * A background holder takes the last free connection only once requests have left it alone
   * this long: a request runs a few queries in a row (its session, then its own), and between
   * two of them nobody is queued for a moment; without the pause a job's read slipped into that
   * gap and every request waited one read per query.
   */
  graceMs: number;
  /** After waiting this long, a background holder goes ahead of queued requests (never starved). */
  maxWaitMs: number;
  /**
   * The longest a request waits for a slot (DATABASE_POOL_TIMEOUT_MS); then it fails with
   * pg-pool's own timeout message, which the error handler answers 503 4009102. The gate sits
   * in front of pg-pool and keeps it from ever queuing, so pg-pool's `connectionTimeoutMillis`
   * alone would never fire. Unset: wait for ever. Background work always waits.
   */
  requestTimeoutMs?: number | undefined;
}

/** pg-pool's wording, so one pattern (http/resource-errors.ts) recognises both. */
export const GATE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

interface BackgroundWaiter {
  grant: () => void;
  since: number;
}

/**
 * A tiny priority gate in front of a connection pool. On embedded PGlite the database serves one
 * connection and runs on the API's own thread, so a request's queries queue behind whatever holds
 * it; pg-pool's own queue is first come, first served, so a job's next page read, already queued,
 * went before a request that came a moment later. Here requests are served first: background
 * work takes a connection only when no request is waiting for one (and, for the last free one,
 * after `graceMs` without a request), except that a background holder waiting `maxWaitMs` goes
 * next, so a job still advances under a steady stream of requests. Capacity equals the pool's
 * size, so pg-pool itself never queues.
 */
export class PriorityGate {
  private free: number;
  private readonly requests: Array<() => void> = [];
  private readonly background: BackgroundWaiter[] = [];
  private lastRequestRelease = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: GateOptions) {
    this.free = opts.capacity;
  }

  /** Waits for a connection slot; call the answered function once to hand it back. */
  acquire(priority: Priority): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (priority === 'background') {
        this.background.push({ grant: () => resolve(this.releaser(priority)), since: performance.now() });
        this.pump();
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const grant = () => {
        if (timer) clearTimeout(timer);
        resolve(this.releaser(priority));
      };
      this.requests.push(grant);
      const limit = this.opts.requestTimeoutMs;
      if (limit !== undefined && limit > 0) {
        timer = setTimeout(() => {
          const at = this.requests.indexOf(grant);
          if (at < 0) return;
          this.requests.splice(at, 1);
          reject(new Error(GATE_TIMEOUT_MESSAGE));
        }, limit);
      }
      this.pump();
    });
  }

  /** Waiting now, by priority (for tests and diagnostics). */
  waiting(): { request: number; background: number } {
    return { request: this.requests.length, background: this.background.length };
  }

  private releaser(priority: Priority): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.free++;
      if (priority === 'request') this.lastRequestRelease = performance.now();
      this.pump();
    };
  }

  private pump(): void {
    while (this.free > 0) {
      const now = performance.now();
      const head = this.background[0];
      // A background holder waiting too long goes first, so a job is slowed, never stopped.
      if (head && now - head.since >= this.opts.maxWaitMs) {
        this.grantBackground();
        continue;
      }
      const request = this.requests.shift();
      if (request) {
        this.free--;
        request();
        continue;
      }
      if (!head) return;
      // More than one free connection (PostgreSQL's pool): a request arriving still finds one.
      const quietFor = now - this.lastRequestRelease;
      if (this.free > 1 || quietFor >= this.opts.graceMs) {
        this.grantBackground();
        continue;
      }
      this.wakeAfter(Math.min(this.opts.graceMs - quietFor, this.opts.maxWaitMs - (now - head.since)));
      return;
    }
  }

  private grantBackground(): void {
    this.free--;
    this.background.shift()!.grant();
  }

  private wakeAfter(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(0, ms),
    );
  }
}
