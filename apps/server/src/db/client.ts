import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';
import { PriorityGate, currentPriority } from './priority-gate.js';
import { startSourceWorker } from '../jobs/source-worker.js';
import type { FromPgliteThread, PgliteThreadInput, ToPgliteThread } from './pglite-thread.js';
import { acquireDataLock, type DataLock } from './data-lock.js';
import { embeddedStartFailure } from './start-failure.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** true when the embedded PGlite serves the data. */
  embedded: boolean;
  /** Who gets the next connection: requests before background work (priority-gate.ts). */
  gate?: PriorityGate;
  /** Embedded only: a gzipped tar of the live data folder, taken between queries (backups). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

interface Embedded {
  host: string;
  // A property, not a method: handed on as `dumpDataDir` without its object (no `this`).
  dump: () => Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * Starts PGlite (PostgreSQL in WASM) in its own thread (pglite-thread.ts), on a private Unix
 * socket, so that node-postgres and pg-boss speak to it like to a real server and its queries run
 * beside the API thread rather than on it. `dataDir` undefined keeps it in memory (tests).
 *
 * The thread ending while the server runs (a WASM abort, memory) leaves no database: the process
 * then fails loudly, as it did when PGlite crashed on the API thread, so the supervisor restarts
 * it (docs/operations.md) rather than answering 503 for ever.
 */
export async function startEmbeddedPostgres(dataDir: string | undefined, maxConnections = 1): Promise<Embedded> {
  // Before anything reads the folder: a second process on it is refused (data-lock.ts).
  const lock: DataLock | undefined = dataDir ? acquireDataLock(dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const sockDir = await mkdtemp(join(tmpdir(), 'tcm-pg-'));
  const input: PgliteThreadInput = { dataDir, socketPath: join(sockDir, '.s.PGSQL.5432'), maxConnections };
  const thread = startSourceWorker(import.meta.url, 'pglite-thread.ts', 'pglite-thread.js', input);
  let stopping = false;
  const dumps = new Map<number, { resolve: (b: Blob) => void; reject: (e: Error) => void }>();
  let nextDump = 0;
  const ready = new Promise<void>((resolve, reject) => {
    thread.on('message', (m: FromPgliteThread) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'dumped') dumps.get(m.id)?.resolve(new Blob([m.bytes]));
      else if (m.type === 'dumpFailed') dumps.get(m.id)?.reject(new Error(m.message));
      if (m.type === 'dumped' || m.type === 'dumpFailed') dumps.delete(m.id);
    });
    thread.once('error', reject);
    thread.once('exit', (code) => {
      const gone = new Error(`the embedded database's thread ended (exit code ${code})`);
      reject(gone);
      for (const d of dumps.values()) d.reject(gone);
      if (!stopping)
        setImmediate(() => {
          throw gone;
        });
    });
  });
  try {
    await ready;
  } catch (e) {
    stopping = true;
    await rm(sockDir, { recursive: true, force: true });
    lock?.release();
    throw dataDir ? embeddedStartFailure(dataDir, 'open', e) : e;
  }
  return {
    host: sockDir,
    dump: () =>
      new Promise<Blob>((resolve, reject) => {
        const id = nextDump++;
        dumps.set(id, { resolve, reject });
        thread.postMessage({ type: 'dump', id } satisfies ToPgliteThread);
      }),
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = new Promise((r) => thread.once('exit', r));
      thread.postMessage({ type: 'stop' } satisfies ToPgliteThread);
      await exited;
      await rm(sockDir, { recursive: true, force: true });
      lock?.release();
    },
  };
}

/**
 * Whether a failed query left its connection unusable. A query error answered by the server
 * (ErrorResponse with a SQLSTATE, e.g. 22021 for a NUL byte) ends with ReadyForQuery and leaves
 * the session usable; only connection-level failures (no SQLSTATE: socket errors) and classes
 * 08 (connection exception), 57 (operator intervention) and XX (internal) mean a broken session.
 */
export function breaksConnection(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|57|XX)/.test(code);
}

/**
 * pg-pool's `pool.query` hands every failed query's client back with the error, which closes
 * the connection and opens a new one. On embedded PGlite (one connection: the socket server
 * refuses a second one while the old one is still closing) that reconnect made concurrent,
 * innocent queries fail with ECONNRESET/EPIPE (issue 24 item 5); on PostgreSQL it costs a
 * reconnect per bad request. This `query` keeps the connection unless the error broke it;
 * pg-pool still drops a client that is no longer queryable.
 */
function keepConnectionOnSqlErrors(pool: pg.Pool): void {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      return await client.query(config, values);
    } catch (e) {
      failure = e;
      throw e;
    } finally {
      client.release(failure !== undefined && breaksConnection(failure) ? (failure as Error) : undefined);
    }
  };
  // Callers (drizzle, pg-boss) use the promise forms only: (text | config, values?).
  pool.query = query as unknown as typeof pool.query;
}

/** How long requests must leave the last connection alone before background work takes it. */
const BACKGROUND_GRACE_MS = 5;
/** The longest background work waits behind a steady stream of requests before it goes next. */
const BACKGROUND_MAX_WAIT_MS = 200;

/**
 * Puts a PriorityGate in front of `pool.connect` (which `pool.query` above, drizzle's
 * transactions and pg-boss all go through): queries run under `inBackground` wait while requests
 * want a connection (docs/research.md "Requests first"). The gate holds a slot from connect until
 * the client's release, so a transaction keeps its slot for its whole length.
 */
function gateConnections(pool: pg.Pool, capacity: number, requestTimeoutMs: number | undefined): PriorityGate {
  const gate = new PriorityGate({
    capacity,
    graceMs: BACKGROUND_GRACE_MS,
    maxWaitMs: BACKGROUND_MAX_WAIT_MS,
    requestTimeoutMs,
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const gated = async (): Promise<pg.PoolClient> => {
    const free = await gate.acquire(currentPriority());
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (e) {
      free();
      throw e;
    }
    // pg-pool gives each checkout its own `release`; the slot goes back right after it.
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      try {
        release(err);
      } finally {
        free();
      }
    };
    return client;
  };
  // Callers (drizzle, pg-boss, the query above) use the promise form only.
  pool.connect = gated;
  return gate;
}

/**
 * Opens the database: DATABASE_URL when given, else embedded PGlite in `<dataDir>/db`.
 * PGlite executes one connection, so the pool is sized 1 there (pg-boss shares it).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  inMemory?: boolean;
  /** Pool size for DATABASE_URL (default 10). */
  poolMax?: number;
  /**
   * Longest wait for a pooled connection, ms (DATABASE_POOL_TIMEOUT_MS); then the query fails
   * and the request answers 503 4009102 (http/resource-errors.ts). Unset: wait for ever.
   */
  poolTimeoutMs?: number;
}): Promise<Database> {
  let embedded: Embedded | undefined;
  let pool: pg.Pool;
  const wait = opts.poolTimeoutMs ? { connectionTimeoutMillis: opts.poolTimeoutMs } : {};
  let size: number;
  if (opts.databaseUrl) {
    size = opts.poolMax ?? 10;
    pool = new pg.Pool({ connectionString: opts.databaseUrl, max: size, ...wait });
  } else {
    embedded = await startEmbeddedPostgres(opts.inMemory ? undefined : join(opts.dataDir ?? './data', 'db'));
    size = 1;
    pool = new pg.Pool({ host: embedded.host, port: 5432, user: 'postgres', database: 'postgres', max: size, ...wait });
  }
  // An idle client error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  keepConnectionOnSqlErrors(pool);
  const gate = gateConnections(pool, size, opts.poolTimeoutMs);
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    embedded: Boolean(embedded),
    gate,
    ...(embedded ? { dumpDataDir: embedded.dump } : {}),
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
