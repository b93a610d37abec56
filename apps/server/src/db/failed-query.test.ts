import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { breaksConnection, openDatabase, type Database } from './client.js';

/**
 * Issue 24 item 5: a query that fails on its input (here U+0000, SQLSTATE 22021) must not take
 * the shared connection with it. pg-pool used to close the connection after every failed
 * `pool.query`; on embedded PGlite the reconnect made concurrent innocent queries fail.
 */
let d: Database;
beforeAll(async () => {
  d = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
  await d.pool.query('select 1');
});
afterAll(() => d.pool.end());

it('keeps the connection through failed queries, and concurrent queries all succeed', async () => {
  let reconnects = 0;
  d.pool.on('connect', () => reconnects++);
  const jobs = Array.from({ length: 220 }, (_, i) =>
    i % 11 === 0
      ? d.pool.query('select $1::text as s', ['a\u0000b']).then(
          () => 'accepted',
          (e: { code?: string }) => `refused ${e.code}`,
        )
      : d.pool.query('select $1::int + 1 as n', [i]).then(
          (r) => (r.rows[0]?.n === i + 1 ? 'ok' : 'wrong'),
          (e: Error) => `failed ${e.message}`,
        ),
  );
  const results = await Promise.all(jobs);
  expect(results.filter((r) => r === 'ok')).toHaveLength(200);
  expect(results.filter((r) => r === 'refused 22021')).toHaveLength(20);
  expect(reconnects).toBe(0);
});

it('still drops a connection whose session broke', () => {
  expect(breaksConnection(new Error('read ECONNRESET'))).toBe(true);
  expect(breaksConnection(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
  expect(breaksConnection(Object.assign(new Error('invalid byte sequence'), { code: '22021' }))).toBe(false);
});
