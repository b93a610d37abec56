import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { plainConfig } from '../test/plain-config.js';
import { useTestApp } from '../test/suite.js';
import { bannerLines, PREPARE_LOCK, prepareQueues, prepareShared } from './prepare.js';
import { loadConfig } from '../config.js';

const t = useTestApp();

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

// PostgreSQL only: the embedded PGlite serves all connections from one session, where an
// advisory lock never blocks (and one process per folder is enforced by the data lock instead).
describe.skipIf(!process.env.DATABASE_URL)('nodes starting together on one PostgreSQL (needs DATABASE_URL)', () => {
  it("waits while another node holds the preparation's lock, then prepares and lets the lock go", async () => {
    const other = new pg.Client({ connectionString: inject('databaseUrl') });
    await other.connect();
    const dataDir = mkdtempSync(join(tmpdir(), 'tcm-prepare-'));
    try {
      await other.query('select pg_advisory_lock($1, $2)', [...PREPARE_LOCK]);
      let finished = false;
      const preparing = prepareShared(t.database, plainConfig(dataDir), inject('databaseUrl')).then((lines) => {
        finished = true;
        return lines;
      });
      // Wait for state: this start's lock request is seen waiting behind the other node's.
      const waiting = `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
        and classid = $1 and objid = $2 and objsubid = 2`;
      // A start that took no lock finishes instead, and fails the expectation below.
      while (!finished) {
        const { rows } = await other.query<{ n: number }>(waiting, [...PREPARE_LOCK]);
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(finished).toBe(false);
      await other.query('select pg_advisory_unlock($1, $2)', [...PREPARE_LOCK]);
      expect(Array.isArray(await preparing)).toBe(true);
      // Released when done: another node gets it at once.
      const { rows } = await other.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', [
        ...PREPARE_LOCK,
      ]);
      expect(rows[0]!.got).toBe(true);
    } finally {
      await other.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the start banner names the keys a second host would need', () => {
  const keys = (env: Record<string, string>, embedded: boolean) =>
    bannerLines(loadConfig({ DATA_DIR: tmpdir(), ...env }), embedded, 1).find((l) => l.startsWith('  keys'));
  it('on PostgreSQL: the shared keys left to secrets.json, none once all are set; never on the embedded database', () => {
    const url = { DATABASE_URL: 'postgresql://tcm@127.0.0.1/tcm' };
    expect(keys({ ...url, JWT_SECRET: 'j'.repeat(32) }, false)).toMatch(
      /^ {2}keys {4}: OPEN_API_SECRET_KEY, FILE_URL_KEY generated/,
    );
    const all = { JWT_SECRET: 'j'.repeat(32), OPEN_API_SECRET_KEY: 'o'.repeat(32), FILE_URL_KEY: 'f'.repeat(32) };
    expect(keys({ ...url, ...all }, false)).toBeUndefined();
    expect(keys({}, true)).toBeUndefined();
  });
});
