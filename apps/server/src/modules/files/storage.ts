import { access, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../../config.js';
import type { FileStorage } from '../../services.js';
import type { CaptureSource } from '../../jobs/capture-decode.js';
import { S3Storage } from './storage-s3.js';

export type { FileStorage };

/** Default: a folder (DATA_DIR/files). Writes go to a temp name first so a crash leaves no half file. */
export class LocalStorage implements FileStorage {
  readonly name = 'local';
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!/^[0-9a-f]{2}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`bad storage key ${key}`);
    return join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, p);
  }

  localPath(key: string): string {
    return this.path(key);
  }

  /** A rename when the upload's temp folder is on the same disk (DATA_DIR): no byte is copied. */
  async putFile(key: string, path: string): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    try {
      await rename(path, p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      const tmp = `${p}.${process.pid}.tmp`;
      await copyFile(path, tmp);
      await rename(tmp, p);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** Stores a local file through whichever way the storage offers. */
export async function putFromPath(storage: FileStorage, key: string, path: string, mime: string): Promise<void> {
  if (storage.putFile) return storage.putFile(key, path, mime);
  await storage.put(key, new Uint8Array(await readFile(path)), mime);
}

/**
 * A stored file as a pool job takes it: its path when local (the child reads it; the API thread
 * does not), else its bytes. null when the file is gone.
 */
export async function sourceOf(storage: FileStorage, key: string): Promise<CaptureSource | null> {
  const path = storage.localPath?.(key);
  if (path)
    return access(path).then(
      () => ({ path }),
      () => null,
    );
  const bytes = await storage.get(key);
  return bytes ? { bytes } : null;
}

export const storageKey = (id: string) => `${id.slice(0, 2)}/${id}`;

/** The storage the configuration asks for (docs/records.md). */
export function createStorage(config: AppConfig): FileStorage {
  const s = config.storage;
  if (s.kind === 's3') return new S3Storage(s.s3);
  return new LocalStorage(join(config.dataDir, 'files'));
}
