/**
 * A research job reading its pool against API requests on one database connection (issue 20
 * item 4, docs/research.md "API latency while jobs run"), in one process, without the HTTP layer:
 *
 *   npm run -s bench:research-load -w @tcm/server     # BENCH_SAMPLES=10000 BENCH_PAGES=100,250,500 BENCH_READS=3
 *
 * Seeds the generated pool of bench-research.ts, reads it once to warm up, then, per page size,
 * streams the whole pool BENCH_READS times as a job does (streamPoolValues) while "requests" run one after another with 20 ms pauses, each the
 * queries of a pool-list call (the pool, the page of pools, their count). Printed per run: the
 * read's time, the time between two pages (the page's query plus any wait), the requests' p50 /
 * p99 / max and the event-loop delay (on embedded PGlite the queries run on this thread).
 * Two openings of the same embedded database, one after the other:
 * - `fifo`: a bare pool of one connection (pg-pool serves queries first come, first served: the
 *   code before the gate);
 * - `gate`: the product's opening (openDatabase: requests before the job's page reads).
 * With DATABASE_URL, the same on that server with a pool of one connection.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase, startEmbeddedPostgres } from '../src/db/client.js';
import type { Db } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import * as schema from '../src/db/schema/index.js';
import { findPool, listPools, streamPoolValues } from '../src/modules/research/research.repo.js';
import { seedPool } from './bench-research-pool.js';

const N = Number(process.env.BENCH_SAMPLES ?? 10_000);
const PAGES = (process.env.BENCH_PAGES ?? '100,250,500').split(',').map(Number);
const PAUSE_MS = 20;
/** Reads of the whole pool per page size (more requests to count). */
const READS = Number(process.env.BENCH_READS ?? 3);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join('/');
const ms = (x: number) => x.toFixed(1).padStart(6);
function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return `p50 ${ms(q(0.5))} p99 ${ms(q(0.99))} max ${ms(s.at(-1) ?? NaN)} ms (${s.length})`;
}

interface Opened {
  db: Db;
  close(): Promise<void>;
}

/** `fifo`: one bare connection (no gate); `gate`: the product's openDatabase. */
async function open(mode: 'fifo' | 'gate'): Promise<Opened> {
  const url = process.env.DATABASE_URL;
  if (mode === 'gate') {
    const d = await openDatabase(url ? { databaseUrl: url, poolMax: 1 } : { inMemory: true });
    return { db: d.db, close: () => d.close() };
  }
  const embedded = url ? undefined : await startEmbeddedPostgres(undefined, 1);
  const pool = embedded
    ? new pg.Pool({ host: embedded.host, port: 5432, user: 'postgres', database: 'postgres', max: 1 })
    : new pg.Pool({ connectionString: url, max: 1 });
  return {
    db: drizzle(pool, { schema }),
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}

async function run(mode: 'fifo' | 'gate'): Promise<void> {
  const opened = await open(mode);
  const db = opened.db;
  await runMigrations(db);
  const { doctor, pool: p } = await seedPool(db, N);

  // One request: the queries of a pool-list call, one after another.
  const request = async () => {
    await findPool(db, p.id);
    await listPools(db, doctor.id, { page: 1, size: 100 });
  };
  const requests = (until: () => boolean) =>
    (async () => {
      const lat: number[] = [];
      while (!until()) {
        const t = performance.now();
        await request();
        lat.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      return lat;
    })();

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const idleEnd = performance.now() + 3000;
  const idle = await requests(() => performance.now() > idleEnd);
  console.log(
    `${mode} idle (3 s)               requests ${stats(idle)}  event loop p99 ${ms(loop.percentile(99) / 1e6)} max ${ms(loop.max / 1e6)}  load ${load()}`,
  );
  // One read unmeasured first: PGlite's first pass over the pool (cold code and pages) would
  // count against whichever size came first.
  await streamPoolValues(db, p.id, () => undefined);
  for (const size of PAGES) {
    loop.reset();
    let done = false;
    const between: number[] = [];
    const t0 = performance.now();
    const during = requests(() => done);
    for (let read = 0; read < READS; read++) {
      let last = performance.now();
      await streamPoolValues(
        db,
        p.id,
        () => {
          const now = performance.now();
          between.push(now - last);
          last = now;
        },
        size,
      );
    }
    const secs = (performance.now() - t0) / 1000 / READS;
    done = true;
    const lat = await during;
    console.log(
      `${mode} pages of ${String(size).padEnd(5)} ${secs.toFixed(2).padStart(6)} s a read  between pages ${stats(between)}  requests ${stats(lat)}  event loop p99 ${ms(loop.percentile(99) / 1e6)} max ${ms(loop.max / 1e6)}  load ${load()}`,
    );
  }
  loop.disable();
  await opened.close();
}

async function main(): Promise<void> {
  console.log(`${N} samples × 50 variables, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`);
  for (const mode of ['fifo', 'gate'] as const) await run(mode);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
