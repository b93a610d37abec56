import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../db/client.js';
import { startJobs, stopJobs } from './boss.js';

// Runs on the suite's database: PGlite by default, PostgreSQL 15 in the second run of npm test.
describe('pg-boss on the suite database', () => {
  it('starts, queues, hands out and completes a job, and stops cleanly', async () => {
    const database = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
    const errors: Error[] = [];
    const boss = await startJobs(database, { onError: (e) => errors.push(e) });
    try {
      const queue = `smoke-${Date.now()}`;
      await boss.createQueue(queue);
      const id = await boss.send(queue, { hello: 'world' });
      const [job] = await boss.fetch<{ hello: string }>(queue);
      expect(job?.id).toBe(id);
      expect(job?.data.hello).toBe('world');
      await boss.complete(queue, job!.id);
      expect((await boss.getJobById(queue, job!.id))?.state).toBe('completed');
    } finally {
      await stopJobs(boss, 1000);
      await database.pool.end();
    }
    expect(errors).toEqual([]);
  });
});
