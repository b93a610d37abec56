import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { DataLockError } from '../db/data-lock.js';
import { keysInUse } from '../secrets.js';
import { BackupError, createBackup, restoreBackup, type BackupTarget } from './backup.js';
import { listBackups } from './backup-files.js';
import { SecretsBoxError } from './secrets-box.js';

const USAGE = `usage: backup create [--passphrase-file <file> | --without-secrets]
       backup list
       backup restore <file> [--force] [--passphrase-file <file> | --without-secrets]
The passphrase that seals the server's keys (secrets.json) into a backup: BACKUP_PASSPHRASE, or
the first line of --passphrase-file.`;

/** The passphrase: --passphrase-file's first line, else BACKUP_PASSPHRASE. */
function passphraseOf(file: string | undefined, base: string): string | undefined {
  if (file) return readFileSync(resolve(base, file), 'utf8').split(/\r?\n/)[0];
  return process.env.BACKUP_PASSPHRASE || undefined;
}

/**
 * `npm run -s backup -w @tcm/server -- create|list|restore <file> [--force]` on the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first, its folder
 * lock refuses a second process). npm runs this in apps/server: DATA_DIR defaults to the folder
 * `npm start` uses (the repository's `data`), and a relative file is read from where the command
 * was typed. A backup carries the server's keys sealed with a passphrase (docs/deploy.md
 * "Backups"); leaving them out takes --without-secrets. Exit 2 on a wrong call or a refusal.
 */
async function main(argv: string[]): Promise<number> {
  const { values: o, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'without-secrets': { type: 'boolean', default: false },
      'passphrase-file': { type: 'string' },
    },
  });
  const [command, file, ...rest] = positionals;
  const base = process.env.INIT_CWD ?? process.cwd();
  const passphrase = passphraseOf(o['passphrase-file'], base);
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  const config = loadConfig({ DATA_DIR: join(repoRoot, 'data'), ...process.env });
  const target: BackupTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${target.dataDir}`;
  if (command === 'create' && !file) {
    if (!passphrase && !o['without-secrets'])
      throw new BackupError(
        "a backup carries the server's keys (secrets.json: sign-in key, partners' app-key secrets key, signed URL key), " +
          'sealed with a passphrase: set BACKUP_PASSPHRASE or give --passphrase-file, or add --without-secrets',
      );
    const values = keysInUse(config);
    const seal = passphrase && !o['without-secrets'] ? { values, passphrase } : undefined;
    const made = await createBackup(target, config.backup.dir, new Date(), seal);
    console.log(`${made.path} (${made.bytes} bytes) from the ${where}`);
    if (made.secrets)
      console.log(`${made.path}.secrets: the server's keys (${Object.keys(values).join(', ')}), sealed`);
    else console.log('no secrets in this backup (--without-secrets): keep DATA_DIR/secrets.json or the env keys apart');
    return 0;
  }
  if (command === 'list' && !file) {
    const all = listBackups(config.backup.dir);
    if (!all.length) console.log(`no backups in ${config.backup.dir}`);
    for (const f of all)
      console.log(
        `${f.createdAt.toISOString()}  ${String(f.bytes).padStart(12)}  ${f.secrets ? '+secrets' : '        '}  ${f.path}`,
      );
    return 0;
  }
  if (command === 'restore' && file && !rest.length) {
    // A bare name is looked up in the backup folder, as `list` prints it.
    const inFolder = join(config.backup.dir, file);
    const path = !file.includes('/') && existsSync(inFolder) ? inFolder : resolve(base, file);
    const result = await restoreBackup(path, target, {
      force: o.force,
      passphrase,
      withoutSecrets: o['without-secrets'],
      secretsDir: config.dataDir,
    });
    if (result.movedAside) console.log(`the replaced database was moved to ${result.movedAside}`);
    if (result.secretsMovedAside) console.log(`the replaced secrets.json was moved to ${result.secretsMovedAside}`);
    console.log(`restored ${path} into the ${where}; migrations newer than the backup run at the next start`);
    if (result.secrets === 'restored') console.log(`the server's keys went to ${join(config.dataDir, 'secrets.json')}`);
    else
      console.log(
        `WARNING: no secrets restored (${result.secrets}): unless DATA_DIR/secrets.json or JWT_SECRET, OPEN_API_SECRET_KEY ` +
          `and FILE_URL_KEY hold the old keys, partners' app-key secrets cannot be read and older signed URLs fail`,
      );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const code = (e as { code?: string }).code ?? '';
    console.error(
      code.startsWith('ERR_PARSE_ARGS') ? `${(e as Error).message}\n${USAGE}` : e instanceof Error ? e.message : e,
    );
    const refusal =
      code.startsWith('ERR_PARSE_ARGS') ||
      e instanceof BackupError ||
      e instanceof SecretsBoxError ||
      e instanceof DataLockError;
    process.exit(refusal ? 2 : 1);
  },
);
