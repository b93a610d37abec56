import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, FILE_PATHS } from '@tcm/contract';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { basicHeader } from '../modules/auth/client-auth.js';
import { plainConfig } from '../test/plain-config.js';
import { withScratchDatabases } from '../test/scratch-databases.js';
import { tempDirs } from '../test/temp-dirs.js';
import { seedIfEmpty } from '../seed/seed.js';
import { buildRole, buildTeam, buildUser } from '../test/factories.js';
import { signIn } from '../test/http.js';
import { dataFile, multipart } from '../test/records-helpers.js';
import { tableFingerprints } from '../test/table-fingerprints.js';
import { BackupError, createBackup, restoreBackup, type BackupTarget } from './backup.js';
import { listBackups, pruneBackups } from './backup-files.js';

const tempDir = tempDirs();

/**
 * Fills a new database as a deployment would: migrations, the first-start seed, rows from the
 * factories (names in both scripts, an emoji, nulls) and calls through the API (a sign-in keeps
 * a refresh token, an upload keeps a file row).
 */
async function fill(database: Database): Promise<void> {
  await runMigrations(database.db);
  const dataDir = tempDir('tcm-bk-data-');
  const config = plainConfig(dataDir);
  await seedIfEmpty(database.db, config);
  const team = await buildTeam(database.db, '备份 team 🌿');
  await buildRole(database.db, { name: '医生 role' });
  const user = await buildUser(database.db, { name: "张三 O'Neil", teamId: team.id });
  await buildUser(database.db, { name: 'Li Si', phone: null });
  const app = await buildApp(config, { database });
  try {
    const t = {
      app,
      database,
      config,
      client: basicHeader(config.clientId, config.clientSecret),
      close: async () => undefined,
    };
    await signIn(t, user.loginName, user.password, AUTH_PATHS.pwdSignin);
    const { payload, headers } = multipart([
      {
        field: 'file',
        filename: 'tongue.jpg',
        contentType: 'image/jpeg',
        value: dataFile('tongue/images/TE0000387.jpg'),
      },
    ]);
    const up = await app.inject({ method: 'POST', url: FILE_PATHS.portalOssUpload, payload, headers });
    expect(up.json()).toMatchObject({ code: 0 });
  } finally {
    await app.close();
  }
}

const realPostgres = process.env.DATABASE_URL;
// Two new databases, migrations, the seed's argon2 hashes and a dump each way: minutes on the
// shared 2-core machine under load, not a defect.
const SLOW = 300_000;

describe('backups', () => {
  it(
    'PGlite: a live dump restores into a fresh data folder with every table equal; a second restore needs --force',
    async () => {
      const source = tempDir('tcm-bk-src-');
      const database = await openDatabase({ dataDir: source });
      const folder = tempDir('tcm-bk-files-');
      let before: Awaited<ReturnType<typeof tableFingerprints>>;
      try {
        await fill(database);
        // The server's scheduled dump: taken from the running instance, between its queries.
        const target: BackupTarget = { kind: 'pglite', dataDir: join(source, 'db'), dump: database.dumpDataDir! };
        const file = await createBackup(target, folder);
        expect(file).toMatchObject({ kind: 'pglite' });
        expect(file.bytes).toBeGreaterThan(1000);
        before = await tableFingerprints(database.pool);
      } finally {
        await database.close();
      }
      const [backup] = listBackups(folder);
      const fresh = tempDir('tcm-bk-dst-');
      const dbDir = join(fresh, 'db');
      await restoreBackup(backup!.path, { kind: 'pglite', dataDir: dbDir }, { force: false });
      const restored = await openDatabase({ dataDir: fresh });
      try {
        const after = await tableFingerprints(restored.pool);
        expect(Object.keys(after).length).toBeGreaterThan(40);
        expect(after['public.users']!.rows).toBeGreaterThan(2);
        expect(after).toEqual(before);
      } finally {
        await restored.close();
      }
      await expect(restoreBackup(backup!.path, { kind: 'pglite', dataDir: dbDir }, { force: false })).rejects.toThrow(
        BackupError,
      );
      const forced = await restoreBackup(backup!.path, { kind: 'pglite', dataDir: dbDir }, { force: true });
      expect(readdirSync(forced.movedAside!).length).toBeGreaterThan(0);
      // A pg_dump file is not restored into the embedded database, nor is a stranger's file.
      const bogus = join(folder, 'tcm-20260101T000000Z.pgdump');
      writeFileSync(bogus, 'not a dump');
      await expect(restoreBackup(bogus, { kind: 'pglite', dataDir: dbDir }, { force: true })).rejects.toThrow(
        /not a backup/,
      );
    },
    SLOW,
  );

  it.skipIf(!realPostgres)(
    'PostgreSQL 15: pg_dump (custom format) restores into a fresh database with every table equal; a non-empty one needs --force',
    async () => {
      await withScratchDatabases(realPostgres!, 2, async (urls) => {
        const [srcUrl, dstUrl] = urls as [string, string];
        const database = await openDatabase({ databaseUrl: srcUrl, poolMax: 2 });
        const folder = tempDir('tcm-bk-files-');
        try {
          await fill(database);
          await createBackup({ kind: 'postgres', url: srcUrl }, folder);
        } finally {
          await database.close();
        }
        const [backup] = listBackups(folder);
        expect(backup).toMatchObject({ kind: 'postgres' });
        await restoreBackup(backup!.path, { kind: 'postgres', url: dstUrl }, { force: false });
        const before = await tableFingerprints(srcUrl);
        expect(Object.keys(before).length).toBeGreaterThan(40);
        expect(await tableFingerprints(dstUrl)).toEqual(before);
        // Restoring over data: refused, then replaced whole with --force (no duplicate rows).
        await expect(restoreBackup(backup!.path, { kind: 'postgres', url: dstUrl }, { force: false })).rejects.toThrow(
          /not empty/,
        );
        await restoreBackup(backup!.path, { kind: 'postgres', url: dstUrl }, { force: true });
        expect(await tableFingerprints(dstUrl)).toEqual(before);
      });
    },
    SLOW,
  );

  it('keeps the newest BACKUP_KEEP files and never touches files that are not backups', () => {
    const folder = tempDir('tcm-bk-prune-');
    const names = [
      'tcm-20261120T030000Z.pgdump',
      'tcm-20261121T030000Z.pgdump',
      'tcm-20261122T030000Z.pgdump',
      'notes.txt',
    ];
    for (const n of names) writeFileSync(join(folder, n), 'x');
    expect(pruneBackups(folder, 2)).toEqual(['tcm-20261120T030000Z.pgdump']);
    expect(readdirSync(folder).sort()).toEqual(names.slice(1).sort());
    expect(listBackups(folder).map((f) => f.createdAt.toISOString())).toEqual([
      '2026-11-21T03:00:00.000Z',
      '2026-11-22T03:00:00.000Z',
    ]);
  });
});
