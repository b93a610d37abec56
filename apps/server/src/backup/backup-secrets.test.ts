import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_PATHS, OPEN_API_ERRORS, OPEN_API_PATHS, type AppKeyCredentials } from '@tcm/contract';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { basicHeader } from '../modules/auth/client-auth.js';
import { keysInUse } from '../secrets.js';
import { plainConfig } from '../test/plain-config.js';
import { withScratchDatabases } from '../test/scratch-databases.js';
import { tempDirs } from '../test/temp-dirs.js';
import { seedIfEmpty } from '../seed/seed.js';
import { partnerKey, signedCall } from '../test/open-api-client.js';
import { dataFile, multipart } from '../test/records-helpers.js';
import type { TestApp } from '../test/test-app.js';
import { BackupError, createBackup, restoreBackup, type SecretsToSeal } from './backup.js';
import { listBackups, pruneBackups, secretsFileOf } from './backup-files.js';
import { openSecrets, SecretsBoxError } from './secrets-box.js';

const tempDir = tempDirs();

const PASSPHRASE = 'correct horse battery staple';

/**
 * A server on the embedded database in `dataDir` with the keys of a plain deployment: none in
 * the env, so JWT, app-key-secret and signed-URL keys are generated into DATA_DIR/secrets.json.
 */
async function serverOn(dataDir: string, database: Database): Promise<TestApp> {
  const config = plainConfig(dataDir);
  const app = await buildApp(config, { database });
  await app.ready();
  return { app, database, config, client: basicHeader(config.clientId, config.clientSecret), close: () => app.close() };
}

/** A partner's signed call (open API) and a photo's signed URL, as they are answered by `t`. */
async function answers(t: TestApp, key: AppKeyCredentials, photoUrl: string) {
  const partner = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage);
  const photo = await t.app.inject({ method: 'GET', url: photoUrl });
  return { partner: partner.status, photo: photo.statusCode, bytes: photo.rawPayload.length };
}

/** Restores `file` into a new DATA_DIR with the files folder copied (as docs/deploy.md says), then serves it. */
async function restoreInto(file: string, filesFrom: string, opts: Parameters<typeof restoreBackup>[2]) {
  const fresh = tempDir('tcm-bks-dst-');
  cpSync(join(filesFrom, 'files'), join(fresh, 'files'), { recursive: true });
  const result = await restoreBackup(file, { kind: 'pglite', dataDir: join(fresh, 'db') }, opts);
  return { fresh, result };
}

interface Made {
  key: AppKeyCredentials;
  photoUrl: string;
  photoBytes: number;
}

/**
 * On a new database served with DATA_DIR `dataDir`: migrations, the seed, a partner's app key and
 * a photo (both answered 200 here), then `backUp` with the keys in use and the passphrase.
 */
async function fillAndBackUp(
  database: Database,
  dataDir: string,
  backUp: (seal: SecretsToSeal) => Promise<unknown>,
): Promise<Made> {
  await runMigrations(database.db);
  const t = await serverOn(dataDir, database);
  try {
    await seedIfEmpty(database.db, t.config);
    const { key } = await partnerKey(t);
    const photo = dataFile('tongue/images/TE0000387.jpg');
    const { payload, headers } = multipart([
      { field: 'file', filename: 'tongue.jpg', contentType: 'image/jpeg', value: photo },
    ]);
    const up = await t.app.inject({ method: 'POST', url: FILE_PATHS.portalOssUpload, payload, headers });
    const photoUrl = up.json<{ data: { url: string } }>().data.url;
    expect(photoUrl).toContain('sig=');
    const before = await answers(t, key, photoUrl);
    expect(before).toMatchObject({ partner: 200, photo: 200 });
    await backUp({ values: keysInUse(t.config), passphrase: PASSPHRASE });
    return { key, photoUrl, photoBytes: before.bytes };
  } finally {
    await t.close();
  }
}

/** What a server on `database` with DATA_DIR `dataDir` answers to the partner and the photo URL; closes the database. */
async function answersOn(dataDir: string, database: Database, made: Made) {
  try {
    const t = await serverOn(dataDir, database);
    try {
      return await answers(t, made.key, made.photoUrl);
    } finally {
      await t.close();
    }
  } finally {
    await database.close();
  }
}

describe('backups carry the server keys (issue 35 item 3)', () => {
  it('restored into a fresh folder with its sealed secrets, a partner signed call and a photo signed URL still work; without them they fail', async () => {
    const source = tempDir('tcm-bks-src-');
    const database = await openDatabase({ dataDir: source });
    const folder = tempDir('tcm-bks-files-');
    let made: Made;
    try {
      // The scheduled dump's path: the running instance's dump plus the keys in use, sealed.
      const target = { kind: 'pglite' as const, dataDir: join(source, 'db'), dump: database.dumpDataDir! };
      made = await fillAndBackUp(database, source, async (seal) =>
        expect((await createBackup(target, folder, new Date(), seal)).secrets).toBe(true),
      );
    } finally {
      await database.close();
    }
    const [backup] = listBackups(folder);
    const sealedFile = secretsFileOf(backup!.path);
    expect(statSync(sealedFile).mode & 0o777).toBe(0o600);
    // Sealed: none of the keys is readable in the file, and they open only with the passphrase.
    const stored = JSON.parse(readFileSync(join(source, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['fileUrlKey', 'jwtSecret', 'openApiSecretKey']);
    const sealedText = readFileSync(sealedFile, 'utf8');
    for (const v of Object.values(stored)) expect(sealedText).not.toContain(v);
    expect(await openSecrets(sealedText, PASSPHRASE)).toEqual(stored);
    await expect(openSecrets(sealedText, 'a wrong passphrase')).rejects.toThrow(SecretsBoxError);

    // Without the passphrase, or with a wrong one: refused before anything is written.
    const refused = tempDir('tcm-bks-refused-');
    const into = { kind: 'pglite' as const, dataDir: join(refused, 'db') };
    await expect(restoreBackup(backup!.path, into, { force: false })).rejects.toThrow(/BACKUP_PASSPHRASE/);
    await expect(restoreBackup(backup!.path, into, { force: false, passphrase: 'a wrong passphrase' })).rejects.toThrow(
      /wrong backup passphrase/,
    );
    expect(existsSync(into.dataDir)).toBe(false);

    // The restore this change makes: data and keys; the partner and the photo URL keep working.
    const whole = await restoreInto(backup!.path, source, { force: false, passphrase: PASSPHRASE });
    expect(whole.result.secrets).toBe('restored');
    expect(JSON.parse(readFileSync(join(whole.fresh, 'secrets.json'), 'utf8'))).toEqual(stored);
    expect(await answersOn(whole.fresh, await openDatabase({ dataDir: whole.fresh }), made)).toEqual({
      partner: 200,
      photo: 200,
      bytes: made.photoBytes,
    });

    // The data alone (what every restore did before): the app key's secret cannot be read and
    // the photo URL's signature is another key's.
    const dataOnly = await restoreInto(backup!.path, source, { force: false, withoutSecrets: true });
    expect(dataOnly.result.secrets).toBe('left out');
    const lost = await answersOn(dataOnly.fresh, await openDatabase({ dataDir: dataOnly.fresh }), made);
    expect(lost.partner).toBe(OPEN_API_ERRORS.APP_KEY_INVALID.status); // never a 500
    expect(lost.photo).toBe(403);

    // A secrets.json with other keys is not overwritten without --force; with it, moved aside.
    const again = { kind: 'pglite' as const, dataDir: join(dataOnly.fresh, 'db') };
    await expect(restoreBackup(backup!.path, again, { force: true, passphrase: 'x' })).rejects.toThrow(SecretsBoxError);
    await expect(restoreBackup(backup!.path, again, { force: false, passphrase: PASSPHRASE })).rejects.toThrow(
      /holds other keys/,
    );
    const forced = await restoreBackup(backup!.path, again, { force: true, passphrase: PASSPHRASE });
    expect(forced).toMatchObject({ secrets: 'restored' });
    expect(existsSync(forced.secretsMovedAside!)).toBe(true);
    expect(JSON.parse(readFileSync(join(dataOnly.fresh, 'secrets.json'), 'utf8'))).toEqual(stored);

    // Pruning a backup removes its sealed secrets with it.
    pruneBackups(folder, 0);
    expect(existsSync(sealedFile)).toBe(true);
    await createBackup({ kind: 'pglite', dataDir: join(whole.fresh, 'db') }, folder, new Date(Date.now() + 1000));
    pruneBackups(folder, 1);
    expect(existsSync(sealedFile)).toBe(false);
    await expect(restoreBackup(join(folder, 'missing.pglite.tar.gz'), again, { force: true })).rejects.toThrow(
      BackupError,
    );
  }, 600_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL 15: restored with its sealed secrets into a fresh database and DATA_DIR, the partner and the photo URL still work; without them they fail',
    async () => {
      await withScratchDatabases(process.env.DATABASE_URL!, 3, async (urls) => {
        const [srcUrl, dstUrl, bareUrl] = urls as [string, string, string];
        const source = tempDir('tcm-bks-pg-src-');
        const folder = tempDir('tcm-bks-pg-files-');
        const database = await openDatabase({ databaseUrl: srcUrl, poolMax: 2 });
        let made: Made;
        try {
          made = await fillAndBackUp(database, source, (seal) =>
            createBackup({ kind: 'postgres', url: srcUrl }, folder, new Date(), seal),
          );
        } finally {
          await database.close();
        }
        const [backup] = listBackups(folder);
        expect(backup).toMatchObject({ kind: 'postgres', secrets: true });
        const restoreTo = async (url: string, opts: { passphrase?: string; withoutSecrets?: boolean }) => {
          const fresh = tempDir('tcm-bks-pg-dst-');
          cpSync(join(source, 'files'), join(fresh, 'files'), { recursive: true });
          await restoreBackup(backup!.path, { kind: 'postgres', url }, { force: false, secretsDir: fresh, ...opts });
          return answersOn(fresh, await openDatabase({ databaseUrl: url, poolMax: 2 }), made);
        };
        expect(await restoreTo(dstUrl, { passphrase: PASSPHRASE })).toEqual({
          partner: 200,
          photo: 200,
          bytes: made.photoBytes,
        });
        const lost = await restoreTo(bareUrl, { withoutSecrets: true });
        expect(lost.partner).toBe(OPEN_API_ERRORS.APP_KEY_INVALID.status); // never a 500
        expect(lost.photo).toBe(403);
      });
    },
    600_000,
  );
});
