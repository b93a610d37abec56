import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { runPendingMaintenance } from './maintenance/maintenance.js';
import { startJobs, stopJobs } from './jobs/boss.js';
import { seedIfEmpty, seedLines } from './seed/seed.js';

/** Server process: open DB, migrate, run pending one-time repairs, seed, start jobs, listen; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const t0 = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database.db);
  // One-time repairs of stored data, recorded in maintenance_runs (docs/server.md).
  await runPendingMaintenance(database.db, console);
  const seeded = await seedIfEmpty(database.db, config);
  const boss = await startJobs(database, { onError: (e) => console.error('[jobs]', e.message) });
  const app = await buildApp(config, { database, boss });
  await app.listen({ port: config.port, host: config.host });
  // Engine children load their code now rather than on the first upload.
  app.ctx.engines.warm();

  const base = `http://localhost:${config.port}`;
  const lines = [
    '',
    `TCM platform ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.embedded ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL from DATABASE_URL'})`,
    `  web app : ${base}/pc/${config.webDist ? '' : '  (not built)'}`,
    `  API     : ${base}/backend/   docs: ${base}/backend/docs`,
  ];
  lines.push(...seedLines(seeded));
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await stopJobs(boss);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
