import type PgBoss from 'pg-boss';
import type { JobQueue } from './queue.js';

/**
 * Every pg-boss queue of the app, in start order: the one list that a start's preparation makes
 * (ops/prepare.ts) and whose queues the app starts and stops (app.ts). A queue's definition
 * (jobs/queue.ts) names one of these, so a new queue cannot be left out of either.
 */
export const QUEUE_NAMES = {
  /** A record's analysis (modules/analysis/queue.ts). */
  analyze: 'record-analyze',
  /** A finished partner task's webhook (modules/open-api/webhooks.ts). */
  webhook: 'openapi-webhook',
  /** A doctor's research analysis (modules/research/research.queue.ts). */
  research: 'research-analysis',
} as const;

export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Makes every queue (pg-boss's `createQueue` leaves an existing one as it is). */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const name of Object.values(QUEUE_NAMES)) await boss.createQueue(name);
}

/**
 * The app's running queues, one of each name: started in list order, stopped together (each
 * lets the jobs running here finish).
 */
export class JobQueues {
  // The payload type is each queue's own; the set only starts and stops them.
  private readonly queues: JobQueue<never>[] = [];

  add<Q extends JobQueue<never>>(queue: Q): Q {
    if (this.queues.some((q) => q.name === queue.name)) throw new Error(`queue ${queue.name} added twice`);
    this.queues.push(queue);
    return queue;
  }

  async start(): Promise<void> {
    const order = Object.values(QUEUE_NAMES) as string[];
    const byList = [...this.queues].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    for (const q of byList) await q.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.stop()));
  }
}
