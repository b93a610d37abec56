import cluster from 'node:cluster';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { BackupScheduler } from './backup/scheduler.js';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { embeddedStartFailure } from './db/start-failure.js';
import { startJobs } from './jobs/boss.js';
import { runPrimary } from './ops/cluster.js';
import { answerPrimaryMetrics, collectProcessMetrics, renderOwnMetrics, startMetricsServer } from './ops/metrics.js';
import { bannerLines, prepareDatabase, prepareShared } from './ops/prepare.js';
import { shutdown } from './ops/shutdown.js';
import { StartPhases } from './ops/start-phases.js';
import { processLog } from './logger.js';
import { keysInUse } from './secrets.js';

/**
 * One server process: open DB, (migrate, run pending repairs, seed: unless a cluster's primary
 * did), start jobs, listen, backups and metrics; graceful stop on SIGINT/SIGTERM
 * (docs/server.md "Production mode").
 */
async function serve(config: AppConfig, clusterWorker: boolean): Promise<void> {
  const phases = new StartPhases();
  phases.mark('modules');
  collectProcessMetrics();
  if (clusterWorker) answerPrimaryMetrics();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePool.max,
    poolTimeoutMs: config.databasePool.timeoutMs,
  });
  phases.mark('database');
  // On PostgreSQL other hosts may be starting at the same moment: prepareShared takes turns
  // with them and installs the queues too (docs/deploy.md "Several hosts").
  const seedInfo = clusterWorker
    ? []
    : config.databaseUrl
      ? await prepareShared(database, config, config.databaseUrl)
      : await prepareDatabase(database, config).catch((e: unknown) => {
          // A damaged embedded folder may open and fail at its first query: name it and the way back.
          throw database.embedded ? embeddedStartFailure(join(config.dataDir, 'db'), 'migrations', e) : e;
        });
  phases.mark('migrations+seed');
  const boss = await startJobs(database, { onError: (e) => processLog().error({ err: e }, 'job queue error') });
  phases.mark('queue');
  const app = await buildApp(config, { database, boss });
  phases.mark('app');
  await app.listen({ port: config.port, host: config.host });
  phases.mark('listen');
  // Engine children load their code now rather than on the first upload.
  app.ctx.engines.warm();

  const scheduler = new BackupScheduler(
    database.db,
    database.embedded
      ? { kind: 'pglite', dataDir: join(config.dataDir, 'db'), dump: database.dumpDataDir! }
      : { kind: 'postgres', url: config.databaseUrl! },
    config.backup,
    app.log,
    config.backup.passphrase ? () => ({ values: keysInUse(config), passphrase: config.backup.passphrase! }) : undefined,
  );
  if (config.backup.intervalH > 0 && !config.backup.passphrase)
    app.log.warn(
      'BACKUP_PASSPHRASE is unset: scheduled backups leave out the keys in secrets.json (docs/deploy.md "Backups")',
    );
  scheduler.start();
  // A cluster's primary serves the summed metrics of its workers.
  const metrics =
    config.metrics.port && !clusterWorker ? await startMetricsServer(config.metrics, renderOwnMetrics) : undefined;

  if (!clusterWorker) {
    const banner = bannerLines(config, database.embedded, phases.totalS);
    // eslint-disable-next-line no-console -- the start banner (addresses, first sign-in) is for the person who started it
    console.log([...banner, `  start   : ${phases.line()}`, ...seedInfo].join('\n') + '\n');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const clean = await shutdown({ app, database, boss, scheduler, metrics }, config.shutdownGraceS * 1000);
    if (!clean)
      app.log.error({ graceS: config.shutdownGraceS }, 'shutdown not finished within SHUTDOWN_GRACE_S; exiting');
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  await serve(config, cluster.isWorker && process.env.TCM_CLUSTER_WORKER === '1');
}

main().catch((e: unknown) => {
  // eslint-disable-next-line no-console -- a refused start says why and the way back, as a command line does
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
