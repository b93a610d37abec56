/**
 * The embedded database's thread (client.ts `startEmbeddedPostgres`): PGlite and its socket
 * server run here, off the API thread. PGlite is PostgreSQL compiled to WASM and runs every
 * query on the thread that holds it; on the API thread it took about 40 % of that thread's time
 * under load (docs/server.md "Embedded database thread"), time taken from request handling.
 * Here it runs on the second core while the API thread parses, checks and answers.
 *
 * Messages: the parent sends `dump` (a gzipped tar of the data folder, for backups) and `stop`;
 * this thread posts `ready`, `dumped` (the tar's bytes, transferred) and `stopped`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteThreadInput {
  /** The data folder; undefined keeps the database in memory (tests). */
  dataDir: string | undefined;
  /** The Unix socket node-postgres connects to (`<dir>/.s.PGSQL.5432`). */
  socketPath: string;
  maxConnections: number;
}

export type ToPgliteThread = { type: 'dump'; id: number } | { type: 'stop' };
export type FromPgliteThread =
  | { type: 'ready' }
  | { type: 'dumped'; id: number; bytes: ArrayBuffer }
  | { type: 'dumpFailed'; id: number; message: string }
  | { type: 'stopped' };

const input = workerData as PgliteThreadInput;
const port = parentPort!;
const pglite = await PGlite.create(input.dataDir);
const server = new PGLiteSocketServer({ db: pglite, path: input.socketPath, maxConnections: input.maxConnections });
await server.start();

const post = (m: FromPgliteThread, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

port.on('message', (m: ToPgliteThread) => {
  if (m.type === 'dump') {
    // PGlite runs the dump between queries (its own queue), as it did on the API thread.
    pglite
      .dumpDataDir('gzip')
      .then((blob) => blob.arrayBuffer())
      .then(
        (bytes) => post({ type: 'dumped', id: m.id, bytes }, [bytes]),
        (e: unknown) => post({ type: 'dumpFailed', id: m.id, message: String(e) }),
      );
  } else {
    void (async () => {
      await server.stop();
      await pglite.close();
      post({ type: 'stopped' });
      port.close();
    })();
  }
});
post({ type: 'ready' });
