import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { prepareQueues } from './prepare.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("a cluster's primary prepares the job queues before its workers start", () => {
  it('makes pg-boss schema and the three queues, and a second call (a restart) changes nothing', async () => {
    await prepareQueues(t.database);
    await prepareQueues(t.database);
    const rows = await t.database.db.execute<{ name: string }>(
      sql`select name from pgboss.queue where name in ('record-analyze', 'openapi-webhook', 'research-analysis') order by name`,
    );
    expect(rows.rows.map((r) => r.name)).toEqual(['openapi-webhook', 'record-analyze', 'research-analysis']);
  });
});
