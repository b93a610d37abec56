import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { MAINTENANCE_TASKS, maintenanceFinishedAt, runMaintenance } from './maintenance.js';
import { runCli } from '../ops/run-cli.js';

/**
 * `npm run -s maintenance -w @tcm/server -- <task> [--dry-run]`: runs a one-time repair by hand
 * on the configured database (DATABASE_URL, else the embedded one in DATA_DIR: stop the server
 * first, PGlite opens its folder from one process only). Exit 2 on a wrong call.
 */
async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const args = argv.filter((a) => a !== '--dry-run');
  const name = args[0];
  if (args.length !== 1 || !name || !MAINTENANCE_TASKS[name]) {
    console.error(`usage: maintenance <${Object.keys(MAINTENANCE_TASKS).join('|')}> [--dry-run]`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database.db);
    const before = await maintenanceFinishedAt(database.db, name);
    if (before) console.log(`${name}: last finished ${before.toISOString()}; running again (idempotent)`);
    const detail = await runMaintenance(database.db, name, console, { dryRun });
    console.log(`${name}${dryRun ? ' (dry run)' : ''}: ${JSON.stringify(detail)}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
