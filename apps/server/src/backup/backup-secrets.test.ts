import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_PATHS, OPEN_API_PATHS, type AppKeyCredentials } from '@tcm/contract';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { basicHeader } from '../modules/auth/client-auth.js';
import { keysInUse } from '../secrets.js';
import { plainConfig } from '../test/plain-config.js';
import { tempDirs } from '../test/temp-dirs.js';
import { seedIfEmpty } from '../seed/seed.js';
import { partnerKey, signedCall } from '../test/open-api-client.js';
import { dataFile, multipart } from '../test/records-helpers.js';
import type { TestApp } from '../test/test-app.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';
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

describe('backups carry the server keys (issue 35 item 3)', () => {
  it('restored into a fresh folder with its sealed secrets, a partner signed call and a photo signed URL still work; without them they fail', async () => {
    const source = tempDir('tcm-bks-src-');
    const database = await openDatabase({ dataDir: source });
    const folder = tempDir('tcm-bks-files-');
    let key: AppKeyCredentials;
    let photoUrl: string;
    let photoBytes: number;
    try {
      await runMigrations(database.db);
      const t = await serverOn(source, database);
      try {
        await seedIfEmpty(database.db, t.config);
        key = (await partnerKey(t)).key;
        const { payload, headers } = multipart([
          {
            field: 'file',
            filename: 'tongue.jpg',
            contentType: 'image/jpeg',
            value: dataFile('tongue/images/TE0000387.jpg'),
          },
        ]);
        const up = await t.app.inject({ method: 'POST', url: FILE_PATHS.portalOssUpload, payload, headers });
        photoUrl = up.json<{ data: { url: string } }>().data.url;
        expect(photoUrl).toContain('sig=');
        const before = await answers(t, key, photoUrl);
        expect(before).toMatchObject({ partner: 200, photo: 200 });
        photoBytes = before.bytes;
        // The scheduled dump's path: the running instance's dump plus the keys in use, sealed.
        const made = await createBackup(
          { kind: 'pglite', dataDir: join(source, 'db'), dump: database.dumpDataDir! },
          folder,
          new Date(),
          { values: keysInUse(t.config), passphrase: PASSPHRASE },
        );
        expect(made.secrets).toBe(true);
      } finally {
        await t.close();
      }
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
    const restored = await openDatabase({ dataDir: whole.fresh });
    try {
      const t = await serverOn(whole.fresh, restored);
      try {
        expect(await answers(t, key!, photoUrl!)).toEqual({ partner: 200, photo: 200, bytes: photoBytes! });
      } finally {
        await t.close();
      }
    } finally {
      await restored.close();
    }

    // The data alone (what every restore did before): the app key's secret cannot be read and
    // the photo URL's signature is another key's.
    const dataOnly = await restoreInto(backup!.path, source, { force: false, withoutSecrets: true });
    expect(dataOnly.result.secrets).toBe('left out');
    const bare = await openDatabase({ dataDir: dataOnly.fresh });
    try {
      const t = await serverOn(dataOnly.fresh, bare);
      try {
        const lost = await answers(t, key!, photoUrl!);
        expect(lost.partner).not.toBe(200);
        expect(lost.photo).toBe(403);
      } finally {
        await t.close();
      }
    } finally {
      await bare.close();
    }

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
});
