/** Shared by the benchmark scripts: a throw-away database and real engine outcomes to seed. */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/client.js';
import { realResults as realResultsOf } from '../src/test/real-results.js';

export const DATA = process.env.BENCH_DATA ?? fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

/** A throw-away database: PGlite in memory, or a new database on the DATABASE_URL server. */
export async function throwAwayDatabase(): Promise<{ url?: string; socket?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // Two connections: the app's pool and the bare handler's.
    const embedded = await startEmbeddedPostgres(undefined, 2);
    return { socket: embedded.host, drop: () => embedded.stop() };
  }
  const name = `tcm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A database kept between runs (BENCH_KEEP_DB=name, PostgreSQL only): created when missing and
 * never dropped, so a 1 M seed (minutes) is paid once while the code under test changes.
 * `fresh` says whether it was just created (then the caller seeds it).
 */
export async function keptDatabase(name: string): Promise<{ url: string; fresh: boolean; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('BENCH_KEEP_DB needs DATABASE_URL (PostgreSQL)');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_KEEP_DB: ${name} is no plain database name`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), fresh: !exists, drop: async () => undefined };
}

export function poolOf(where: { url?: string; socket?: string }): pg.Pool {
  return where.url
    ? new pg.Pool({ connectionString: where.url, max: 10 })
    : new pg.Pool({ host: where.socket, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
}

/** Real engine outcomes of one four-diagnosis capture, from BENCH_DATA when set. */
export const realResults = () => realResultsOf(DATA);
