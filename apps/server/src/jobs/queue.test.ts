import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { HTTP_ERRORS } from '@tcm/contract';
import { openDatabase, type Database } from '../db/client.js';
import { isAppError } from '../http/app-error.js';
import { startJobs, stopJobs } from './boss.js';
import { JobQueue, type JobAttempt, type QueueDefinition } from './queue.js';
import { JobQueues, QUEUE_NAMES, type QueueName } from './queues.js';

// The shared queue (jobs/queue.ts) on real pg-boss and the suite's database: PGlite by default,
// PostgreSQL 15 in the second run. Each test has a queue of its own name.
let database: Database;
let boss: PgBoss;
const errors: object[] = [];
const log = { error: (obj: object) => void errors.push(obj) };
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
  boss = await startJobs(database);
});
afterAll(async () => {
  await stopJobs(boss, 1000);
  await database.pool.end();
});

type Job = { n: number };
let seq = 0;
function queue(over: Partial<QueueDefinition<Job>>, on: PgBoss | null = boss): JobQueue<Job> {
  return new JobQueue<Job>(
    on ?? undefined,
    {
      name: `test-queue-${Date.now()}-${seq++}` as QueueName,
      send: { retryLimit: 0 },
      workers: 1,
      // Far longer than any test: a job that runs at once was woken, not polled.
      idlePollMs: 60_000,
      run: async () => undefined,
      down: { def: HTTP_ERRORS.INTERNAL, detail: 'the job queue is not running' },
      ...over,
    },
    log,
  );
}

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const stateOf = async (q: JobQueue<Job>) => {
  const { rows } = await database.pool.query<{ state: string; retry_count: number }>(
    'select state::text, retry_count from pgboss.job where name = $1',
    [q.name],
  );
  return rows;
};

describe('job queue', () => {
  it('runs a job queued by this process at once, not at the next poll, and completes it', async () => {
    const seen: number[] = [];
    const q = queue({ run: async (job) => void seen.push(job.n) });
    await q.start();
    try {
      expect(q.started).toBe(true);
      await q.enqueue({ n: 7 });
      await until(() => seen.length === 1);
      expect(seen).toEqual([7]);
    } finally {
      await q.stop();
    }
    expect(q.started).toBe(false);
    expect(await stateOf(q)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('retries a throwing attempt after its delay and tells the handler which attempt is the last', async () => {
    const attempts: JobAttempt[] = [];
    const q = queue({
      send: { retryLimit: 1, retryDelay: 1, retryBackoff: true },
      idlePollMs: 200,
      run: async (_job, attempt) => {
        attempts.push(attempt);
        throw new Error('transient');
      },
    });
    await q.start();
    try {
      await q.enqueue({ n: 1 });
      await until(() => attempts.length === 2, 20_000);
    } finally {
      await q.stop();
    }
    expect(attempts).toEqual([{ lastAttempt: false }, { lastAttempt: true }]);
    expect(await stateOf(q)).toEqual([{ state: 'failed', retry_count: 1 }]);
  });

  it("fails an attempt that outlives the job's expiry, even if its handler never returns", async () => {
    let started = 0;
    const q = queue({ send: { retryLimit: 0, expireInSeconds: 1 }, run: () => (started++, new Promise(() => {})) });
    await q.start();
    try {
      await q.enqueue({ n: 1 });
      await until(() => started === 1);
      const t0 = Date.now();
      // The worker fails the job, then is free for the next one.
      await q.enqueue({ n: 2 });
      await until(() => started === 2, 20_000);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
    } finally {
      await q.stop();
    }
    expect((await stateOf(q)).map((r) => r.state)).toContain('failed');
  });

  it('sweeps at start and soon when asked; never where the process has no workers', async () => {
    let sweeps = 0;
    const sweep = { everyMs: 60_000, run: async () => void sweeps++ };
    const q = queue({ sweep });
    await q.start();
    try {
      expect(sweeps).toBe(1);
      q.sweepSoon();
      await until(() => sweeps === 2);
    } finally {
      await q.stop();
    }
    let apiOnly = 0;
    const none = queue({ workers: 0, sweep: { run: async () => void apiOnly++ } });
    await none.start();
    none.sweepSoon();
    await new Promise((r) => setTimeout(r, 300));
    await none.stop();
    expect(apiOnly).toBe(0);
  });

  it('a failing sweep is logged and the queue goes on', async () => {
    errors.length = 0;
    const seen: number[] = [];
    const q = queue({
      sweep: {
        run: async () => {
          throw new Error('sweep broke');
        },
      },
      run: async (job) => void seen.push(job.n),
    });
    await q.start();
    try {
      await q.enqueue({ n: 3 });
      await until(() => seen.length === 1);
    } finally {
      await q.stop();
    }
    expect(errors).toEqual([{ queue: q.name, err: 'sweep broke' }]);
  });

  it('stop lets the job running here finish', async () => {
    let finished = false;
    let running = false;
    const q = queue({
      run: async () => {
        running = true;
        await new Promise((r) => setTimeout(r, 500));
        finished = true;
      },
    });
    await q.start();
    await q.enqueue({ n: 1 });
    await until(() => running);
    await q.stop();
    expect(finished).toBe(true);
  });

  it('without pg-boss: not started, and enqueue answers the queue-down error', async () => {
    const q = queue({}, null);
    await q.start();
    expect(q.started).toBe(false);
    const e = await q.enqueue({ n: 1 }).catch((x: unknown) => x);
    expect(isAppError(e) && e.def).toBe(HTTP_ERRORS.INTERNAL);
    await q.stop();
  });

  it('the set takes one queue of a name', () => {
    const queues = new JobQueues();
    const a = queue({ name: QUEUE_NAMES.analyze });
    queues.add(a);
    expect(() => queues.add(queue({ name: QUEUE_NAMES.analyze }))).toThrow(/added twice/);
  });
});
