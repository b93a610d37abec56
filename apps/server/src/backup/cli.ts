import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { BackupError, createBackup, restoreBackup, type BackupTarget } from './backup.js';
import { listBackups } from './backup-files.js';

const USAGE = 'usage: backup create | list | restore <file> [--force]';

/**
 * `npm run -s backup -w @tcm/server -- create|list|restore <file> [--force]` on the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first, PGlite
 * opens its folder from one process only). npm runs this in apps/server: DATA_DIR defaults to
 * the folder `npm start` uses (the repository's `data`), and a relative file is read from
 * where the command was typed. Exit 2 on a wrong call or a refusal.
 */
async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const [command, file, ...rest] = argv.filter((a) => a !== '--force');
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  const config = loadConfig({ DATA_DIR: join(repoRoot, 'data'), ...process.env });
  const target: BackupTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${target.dataDir}`;
  if (command === 'create' && !file) {
    const made = await createBackup(target, config.backup.dir);
    console.log(`${made.path} (${made.bytes} bytes) from the ${where}`);
    return 0;
  }
  if (command === 'list' && !file) {
    const all = listBackups(config.backup.dir);
    if (!all.length) console.log(`no backups in ${config.backup.dir}`);
    for (const f of all) console.log(`${f.createdAt.toISOString()}  ${String(f.bytes).padStart(12)}  ${f.path}`);
    return 0;
  }
  if (command === 'restore' && file && !rest.length) {
    const base = process.env.INIT_CWD ?? process.cwd();
    // A bare name is looked up in the backup folder, as `list` prints it.
    const inFolder = join(config.backup.dir, file);
    const path = !file.includes('/') && existsSync(inFolder) ? inFolder : resolve(base, file);
    const result = await restoreBackup(path, target, { force });
    if (result.movedAside) console.log(`the replaced database was moved to ${result.movedAside}`);
    console.log(`restored ${path} into the ${where}; migrations newer than the backup run at the next start`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(e instanceof BackupError ? 2 : 1);
  },
);
