import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { backupName, kindOfName, type BackupFile, type BackupKind, listBackups } from './backup-files.js';
import { runPgTool } from './pg-tools.js';

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

/** Writes a new backup of `target` into `folder` (created when missing); the file appears whole or not at all. */
export async function createBackup(target: BackupTarget, folder: string, now = new Date()): Promise<BackupFile> {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const name = backupName(target.kind, now);
  const path = join(folder, name);
  const partial = join(folder, `.${name}.${randomUUID()}.partial`);
  try {
    if (target.kind === 'postgres') {
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`], target.url);
    } else {
      const blob = target.dump ? await target.dump() : await dumpClosedPglite(target.dataDir);
      // Health data: readable by the server's account only.
      await writeFile(partial, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    }
    renameSync(partial, path);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  return listBackups(folder).find((f) => f.name === name)!;
}

async function dumpClosedPglite(dataDir: string): Promise<Blob> {
  if (!isNonEmptyFolder(dataDir)) throw new BackupError(`no embedded database in ${dataDir}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  try {
    return await db.dumpDataDir('gzip');
  } finally {
    await db.close();
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
}

/**
 * Restores `file` into `target`. A target holding data is refused unless `force`: then a
 * PostgreSQL database is emptied first, and an embedded data folder is moved aside (kept, not
 * deleted). The server must be stopped for the embedded database; migrations newer than the
 * backup run at the next start.
 */
export async function restoreBackup(
  file: string,
  target: BackupTarget,
  opts: { force: boolean },
): Promise<RestoreResult> {
  const kind = backupKindOf(file);
  if (kind !== target.kind)
    throw new BackupError(
      `${file} is a ${kind} backup but the configured database is ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded PGlite'}`,
    );
  if (target.kind === 'postgres') {
    if ((await userTableCount(target.url)) > 0) {
      if (!opts.force) throw new BackupError('the database is not empty; add --force to replace everything in it');
      await emptyDatabase(target.url);
    }
    // One transaction: a failed restore leaves the (emptied) database as it was, not half-filled.
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', file],
      target.url,
    );
    return {};
  }
  let movedAside: string | undefined;
  if (isNonEmptyFolder(target.dataDir)) {
    if (!opts.force)
      throw new BackupError(`${target.dataDir} holds a database; add --force to move it aside and restore`);
    movedAside = `${target.dataDir}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    renameSync(target.dataDir, movedAside);
  }
  mkdirSync(dirname(target.dataDir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const blob = new Blob([await readFile(file)]);
  const db = await PGlite.create(target.dataDir, { loadDataDir: blob });
  try {
    // Opens the restored files once: a broken archive fails here, not at the next start.
    await db.query('select 1');
  } finally {
    await db.close();
  }
  return movedAside ? { movedAside } : {};
}
