import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import { dataFile } from '../../test/records-helpers.js';
import { saveFile, type SaveFileInput } from './files.service.js';
import { sweepPendingFiles } from './pending-files.js';
import { LocalStorage, type FileStorage } from './storage.js';

/**
 * An upload never leaves bytes that no row names (docs/records.md "Stored files: order of an
 * upload"). Real database, real folder; the crashes are faults put in the storage's path or the
 * database's answer, never a stand-in for saveFile itself.
 */
let database: Database;
let root: string;
let storage: LocalStorage;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
  root = mkdtempSync(join(tmpdir(), 'tcm-pending-'));
  storage = new LocalStorage(root);
});
afterAll(async () => {
  await database.pool.end();
  rmSync(root, { recursive: true, force: true });
});

/** Every file under the storage folder (temp names included). */
const filesOnDisk = () =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

const jpeg = (over: Partial<SaveFileInput> = {}): SaveFileInput => ({
  bytes: dataFile('tongue/images/TE0000458.jpg'),
  name: 'tongue.jpg',
  trusted: { kind: 'image', mime: 'image/jpeg', width: 10, height: 10 },
  ...over,
});

const rowsByName = (name: string) => database.db.select().from(storedFiles).where(eq(storedFiles.name, name));

describe('order of an upload', () => {
  it('an insert that fails leaves no file behind', async () => {
    const before = filesOnDisk().length;
    // An owner that does not exist: the database refuses the row (a foreign key), as it would
    // refuse it when it is down or full. With the bytes written first, they stayed on disk.
    const err = await saveFile(database.db, storage, jpeg({ name: 'refused.jpg', ownerUserId: crypto.randomUUID() }))
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(filesOnDisk().length).toBe(before);
    expect(await rowsByName('refused.jpg')).toEqual([]);
  });

  it('a whole upload has its bytes and a row that is not pending', async () => {
    const row = await saveFile(database.db, storage, jpeg({ name: 'whole.jpg' }));
    expect(row.pendingSince).toBeNull();
    expect(await storage.get(row.storageKey)).not.toBeNull();
  });

  it('an upload cut off after its bytes leaves a pending row, which the sweep removes with the bytes', async () => {
    // The process "dies" right after storing the bytes: put writes them, then never answers.
    let stored: () => void = () => undefined;
    const storedNow = new Promise<void>((r) => (stored = r));
    const dying: FileStorage = {
      name: 'dying',
      put: async (key, bytes) => {
        await storage.put(key, bytes);
        stored();
        await new Promise(() => undefined);
      },
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
    };
    void saveFile(database.db, dying, jpeg({ name: 'cut-off.jpg' }));
    await storedNow;
    const [cut] = await rowsByName('cut-off.jpg');
    expect(cut?.pendingSince).toBeInstanceOf(Date);
    expect(await storage.get(cut!.storageKey)).not.toBeNull();

    const whole = await saveFile(database.db, storage, jpeg({ name: 'stays.jpg' }));
    // Another process's upload in progress: pending, but younger than the cut-off.
    await database.db
      .update(storedFiles)
      .set({ pendingSince: new Date(Date.now() + 60_000) })
      .where(eq(storedFiles.id, whole.id));
    await sweepPendingFiles(database.db, storage, new Date(Date.now() + 1000));
    expect(await rowsByName('cut-off.jpg')).toEqual([]);
    expect(await storage.get(cut!.storageKey)).toBeNull();
    expect(await rowsByName('stays.jpg')).toHaveLength(1);
    expect(await storage.get(whole.storageKey)).not.toBeNull();
    await database.db.update(storedFiles).set({ pendingSince: null }).where(eq(storedFiles.id, whole.id));
  });

  it('a failed put removes its row at once (503 4000006)', async () => {
    const broken: FileStorage = {
      name: 'broken',
      put: () => Promise.reject(new Error('disk full')),
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
    };
    const err = await saveFile(database.db, broken, jpeg({ name: 'no-room.jpg' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ def: { code: 4000006, status: 503 } });
    expect(await rowsByName('no-room.jpg')).toEqual([]);
  });
});
