import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { checkDatabase } from './check.js';
import { openDatabase } from './client.js';

/**
 * `npm run -s db:check -w @tcm/server`: verifies the configured database without serving it
 * (DATABASE_URL, else the embedded folder DATA_DIR/db, which must not be in use: its lock
 * refuses a second process). Prints one line per check; exit 0 when every check passed, 1 when
 * one failed or the database could not be opened. DATA_DIR defaults to the repository's `data`,
 * as for the backup command.
 */
async function main(): Promise<number> {
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  const config = loadConfig({ DATA_DIR: join(repoRoot, 'data'), ...process.env });
  const folder = join(config.dataDir, 'db');
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${folder}`;
  // PGlite creates a new database in an empty folder: a missing one is a failure, not a check.
  if (!config.databaseUrl && !(existsSync(folder) && readdirSync(folder).length > 0)) {
    console.error(`FAIL no embedded database in ${folder}`);
    return 1;
  }
  console.log(`checking ${where}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  try {
    const report = await checkDatabase(database.pool);
    for (const line of report.lines) console.log(line);
    console.log(report.ok ? 'database ok' : 'database NOT ok');
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
