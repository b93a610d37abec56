import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import client from 'prom-client';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { processLog } from '../logger.js';
import { ensureFileUrlKey, ensureOpenApiKey, ensureSecrets } from '../secrets.js';
import { startMetricsServer } from './metrics.js';
import { bannerLines, prepareShared } from './prepare.js';

/** A worker that dies on its own is replaced after this pause (a crash loop stays slow). */
const RESTART_DELAY_MS = 1000;

/**
 * The primary of `WORKERS=n`: prepares the database once, forks n workers that share PORT
 * (node's cluster hands connections round-robin), replaces a worker that dies, serves the
 * workers' summed metrics, and on SIGTERM passes it on and waits for every worker's graceful
 * exit. Every shared state lives in PostgreSQL (docs/deploy.md "Several processes").
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  const t0 = performance.now();
  if (!config.databaseUrl)
    throw new Error('WORKERS > 1 needs DATABASE_URL: the embedded database is served by one process only');
  // Generated secrets are written once here, so every worker reads the same file. Each one a
  // worker would generate itself (the file URL key was) races: two workers starting together
  // each kept their own key, and a URL one signed was refused by the other.
  ensureSecrets(config.dataDir, config.jwtSecret);
  ensureOpenApiKey(config.dataDir, config.openApi.secretKey);
  ensureFileUrlKey(config.dataDir, config.files.urlKey);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 2 });
  let seedInfo: string[];
  try {
    // Several hosts' primaries may start together on the one database.
    seedInfo = await prepareShared(database, config, config.databaseUrl);
  } finally {
    await database.close();
  }

  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork({ TCM_CLUSTER_WORKER: '1' });
  cluster.on('listening', () => {
    if (++listening === config.workers) {
      const seconds = (performance.now() - t0) / 1000;
      // eslint-disable-next-line no-console -- the start banner is for the person who started it
      console.log([...bannerLines(config, false, seconds, config.workers), ...seedInfo].join('\n') + '\n');
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    processLog().error({ pid: worker.process.pid, code, signal }, 'cluster worker exited; starting another');
    setTimeout(fork, RESTART_DELAY_MS);
  });
  for (let i = 0; i < config.workers; i++) fork();

  let metrics: Server | undefined;
  if (config.metrics.port) {
    const registry = new client.AggregatorRegistry();
    metrics = await startMetricsServer(config.metrics, () => registry.clusterMetrics());
  }

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const codes = await Promise.all(
      workers.map(
        (w) =>
          new Promise<number>((resolve) => {
            // A worker past its own limit exits 1 itself; this only catches one that hangs.
            const kill = setTimeout(() => w.process.kill('SIGKILL'), (config.shutdownGraceS + 5) * 1000);
            w.once('exit', (code) => {
              clearTimeout(kill);
              resolve(code ?? 1);
            });
            w.process.kill('SIGTERM');
          }),
      ),
    );
    metrics?.close();
    process.exit(codes.every((c) => c === 0) ? 0 : 1);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
