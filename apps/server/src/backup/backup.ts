import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { acquireDataLock } from '../db/data-lock.js';
import { secretsDiffer, writeRestoredSecrets } from '../secrets.js';
import {
  backupName,
  kindOfName,
  secretsFileOf,
  type BackupFile,
  type BackupKind,
  listBackups,
} from './backup-files.js';
import { runPgTool } from './pg-tools.js';
import { openSecrets, sealSecrets } from './secrets-box.js';

/**
 * What is backed up or restored. PostgreSQL: a server URL (pg_dump/pg_restore, custom format).
 * Embedded PGlite: its data folder, copied by PGlite itself (`dumpDataDir`, a gzipped tar of
 * the folder taken while no query runs). pg_dump cannot read PGlite (PostgreSQL 18 inside,
 * newer than the version-15 tools), and a physical copy restores byte for byte with no tool
 * beyond the server itself (docs/deploy.md "Backups").
 */
export type BackupTarget =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      /** The PGlite data folder ($DATA_DIR/db). */
      dataDir: string;
      /** The running instance's dump (server process); unset: the folder is opened here (server stopped). */
      dump?: () => Promise<Blob>;
    };

/** A refusal the CLI prints as is (no stack): wrong file, non-empty target without --force. */
export class BackupError extends Error {}

const PGDMP = Buffer.from('PGDMP');
const GZIP = Buffer.from([0x1f, 0x8b]);

/** The server's keys and the passphrase that seals them into a backup (secrets-box.ts). */
export interface SecretsToSeal {
  values: Record<string, string>;
  passphrase: string;
}

/**
 * Writes a new backup of `target` into `folder` (created when missing); the file appears whole or
 * not at all. With `secrets`, their sealed file `<name>.secrets` is written beside it first, so
 * a backup never appears without the secrets it was asked to carry.
 */
export async function createBackup(
  target: BackupTarget,
  folder: string,
  now = new Date(),
  secrets?: SecretsToSeal,
): Promise<BackupFile> {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const name = backupName(target.kind, now);
  const path = join(folder, name);
  const partial = join(folder, `.${name}.${randomUUID()}.partial`);
  const sealedPartial = `${partial}.secrets`;
  try {
    if (secrets) {
      await writeFile(sealedPartial, await sealSecrets(secrets.values, secrets.passphrase), { mode: 0o600 });
      renameSync(sealedPartial, secretsFileOf(path));
    }
    if (target.kind === 'postgres') {
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`], target.url);
    } else {
      const blob = target.dump ? await target.dump() : await dumpClosedPglite(target.dataDir);
      // Health data: readable by the server's account only.
      await writeFile(partial, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    }
    renameSync(partial, path);
  } catch (e) {
    for (const f of [partial, sealedPartial, ...(secrets ? [secretsFileOf(path)] : [])]) rmSync(f, { force: true });
    throw e;
  }
  return listBackups(folder).find((f) => f.name === name)!;
}

async function dumpClosedPglite(dataDir: string): Promise<Blob> {
  if (!isNonEmptyFolder(dataDir)) throw new BackupError(`no embedded database in ${dataDir}`);
  // A running server holds the folder: refused with its pid rather than opened twice.
  const lock = acquireDataLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir);
    try {
      return await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

function isNonEmptyFolder(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

function firstBytes(file: string, n: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const got = readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** The kind of a backup file by its name, confirmed by its first bytes. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`no such file: ${file}`);
  const kind = kindOfName(file);
  const head = firstBytes(file, 5);
  if (kind === 'postgres' && head.subarray(0, 5).equals(PGDMP)) return kind;
  if (kind === 'pglite' && head.subarray(0, 2).equals(GZIP)) return kind;
  throw new BackupError(`${file} is not a backup of this server (.pgdump from pg_dump, or .pglite.tar.gz)`);
}

/** Tables in the database outside the system schemas: 0 means a fresh database. */
async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Drops every non-system schema (and so every table) and leaves an empty `public`, as a new database has. */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    );
    await client.query('begin');
    for (const r of rows) await client.query(`drop schema ${client.escapeIdentifier(r.nspname)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  /** Where the replaced embedded database was moved (PGlite with --force). */
  movedAside?: string;
  /** What became of the backup's secrets: written to DATA_DIR/secrets.json, absent from the backup, or left out on request. */
  secrets: 'restored' | 'not in backup' | 'left out';
  /** Where a secrets.json with other keys was moved (with --force). */
  secretsMovedAside?: string;
}

export interface RestoreOptions {
  force: boolean;
  /** Opens the backup's sealed secrets; required when it has them, unless `withoutSecrets`. */
  passphrase?: string | undefined;
  /** Restores the data alone (partners' app-key secrets and older signed URLs then fail). */
  withoutSecrets?: boolean;
  /** DATA_DIR, where secrets.json goes; default: the embedded target's parent folder. */
  secretsDir?: string;
}

/**
 * The backup's secrets, opened before anything is replaced: a missing or wrong passphrase, or a
 * secrets.json with other keys (without --force), stops the restore with nothing touched.
 */
async function secretsToRestore(
  file: string,
  secretsDir: string | undefined,
  opts: RestoreOptions,
): Promise<Record<string, string> | 'not in backup' | 'left out'> {
  const sealed = secretsFileOf(file);
  if (!existsSync(sealed)) return 'not in backup';
  if (opts.withoutSecrets) return 'left out';
  if (!opts.passphrase)
    throw new BackupError(
      `${file} carries its secrets (${sealed}): give BACKUP_PASSPHRASE or --passphrase-file, ` +
        `or --without-secrets to restore the data alone (partners' app keys and signed URLs then fail)`,
    );
  if (!secretsDir) throw new BackupError('no DATA_DIR to restore the secrets into');
  const values = await openSecrets(await readFile(sealed, 'utf8'), opts.passphrase);
  if (secretsDiffer(secretsDir, values) && !opts.force)
    throw new BackupError(
      `${join(secretsDir, 'secrets.json')} holds other keys than the backup; add --force to move it aside and restore`,
    );
  return values;
}

/**
 * Restores `file` into `target`. A target holding data is refused unless `force`: then a
 * PostgreSQL database is emptied first, and an embedded data folder is moved aside (kept, not
 * deleted). The server must be stopped for the embedded database (its folder lock refuses a
 * restore under a running server); migrations newer than the backup run at the next start. The
 * backup's sealed secrets, when it has them, go to DATA_DIR/secrets.json.
 */
export async function restoreBackup(file: string, target: BackupTarget, opts: RestoreOptions): Promise<RestoreResult> {
  const kind = backupKindOf(file);
  if (kind !== target.kind)
    throw new BackupError(
      `${file} is a ${kind} backup but the configured database is ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded PGlite'}`,
    );
  const secretsDir = opts.secretsDir ?? (target.kind === 'pglite' ? dirname(target.dataDir) : undefined);
  const secrets = await secretsToRestore(file, secretsDir, opts);
  const result: Omit<RestoreResult, 'secrets'> =
    target.kind === 'postgres'
      ? await restorePostgres(file, target.url, opts.force)
      : await restorePglite(file, target.dataDir, opts.force);
  if (typeof secrets === 'string') return { ...result, secrets };
  const written = writeRestoredSecrets(secretsDir!, secrets);
  return { ...result, secrets: 'restored', ...(written.movedAside ? { secretsMovedAside: written.movedAside } : {}) };
}

async function restorePostgres(file: string, url: string, force: boolean): Promise<Omit<RestoreResult, 'secrets'>> {
  if ((await userTableCount(url)) > 0) {
    if (!force) throw new BackupError('the database is not empty; add --force to replace everything in it');
    await emptyDatabase(url);
  }
  // One transaction: a failed restore leaves the (emptied) database as it was, not half-filled.
  await runPgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', file], url);
  return {};
}

async function restorePglite(file: string, dataDir: string, force: boolean): Promise<Omit<RestoreResult, 'secrets'>> {
  // A running server holds the folder: refused with its pid rather than replaced under it.
  const lock = acquireDataLock(dataDir);
  try {
    let movedAside: string | undefined;
    if (isNonEmptyFolder(dataDir)) {
      if (!force) throw new BackupError(`${dataDir} holds a database; add --force to move it aside and restore`);
      movedAside = `${dataDir}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`;
      renameSync(dataDir, movedAside);
    }
    mkdirSync(dirname(dataDir), { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const blob = new Blob([await readFile(file)]);
    const db = await PGlite.create(dataDir, { loadDataDir: blob });
    try {
      // Opens the restored files once: a broken archive fails here, not at the next start.
      await db.query('select 1');
    } finally {
      await db.close();
    }
    return movedAside ? { movedAside } : {};
  } finally {
    lock.release();
  }
}
