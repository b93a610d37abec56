import { randomUUID, webcrypto } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { FILE_ERRORS, FILE_PATHS, type StoredFile } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { EnginePool } from '../../jobs/engine-pool.js';
import { checkUpload, type AcceptRule, type CheckedFile } from './content-check.js';
import type { UrlSigner } from '../../services.js';
import { discardPending } from './pending-files.js';
import type { DiskUpload } from './multipart.js';
import { putFromPath, storageKey, type FileStorage } from './storage.js';

export type StoredFileRow = typeof storedFiles.$inferSelect;

/**
 * Where the browser fetches a file: the plain path for public CMS images, a short-lived signed
 * URL for every health file (docs/security.md §12). Call it only after checking the caller may see it.
 */
export const fileUrl = (signer: UrlSigner, f: Pick<StoredFileRow, 'id' | 'public'>): string =>
  f.public ? FILE_PATHS.view(f.id) : signer.url(f.id);

/** The public shape of a stored file (spec §3 "Uploaded file": uuid, name, url). */
export const presentFile = (f: StoredFileRow, signer: UrlSigner): StoredFile => ({
  uuid: f.id,
  name: f.name,
  url: fileUrl(signer, f),
  kind: f.kind,
  mime: f.mime,
  size: f.size,
  width: f.width,
  height: f.height,
});

interface SaveFileBase {
  /** The content: bytes in memory, or an upload streamed to a temporary file (moved into storage). */
  bytes: Uint8Array | DiskUpload;
  name: string;
  ownerUserId?: string | null;
  deviceId?: string | null;
  /** Anyone may fetch it (rich-text editor uploads: CMS images, no health data). */
  public?: boolean;
}

export type SaveFileInput = SaveFileBase &
  (
    | {
        /** What an upload may be; it is checked by content against this. */
        accept: AcceptRule;
        /** Where the heavy part of the check runs (off the request thread). */
        engines: EnginePool;
      }
    | {
        /** For files the server made itself (the tongue mask PNG): known, so not checked again. */
        trusted: Omit<CheckedFile, 'bytes' | 'name'>;
      }
  );

/** SHA-256 in libuv's thread pool (WebCrypto): hashing 10 MB on the event loop takes tens of ms. */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/**
 * Checks by content, then writes the metadata row marked pending, stores the bytes and clears
 * the mark. In this order a crash at any point leaves nothing unaccounted: before the bytes, a
 * pending row without bytes; after them, a pending row with its bytes; either way the start-up
 * sweep (`pending-files.ts`) removes both. Bytes first (the old order) left a file no row named.
 */
export async function saveFile(db: Db, storage: FileStorage, input: SaveFileInput): Promise<StoredFileRow> {
  const checked: CheckedFile =
    'trusted' in input
      ? { ...input.trusted, bytes: input.bytes, name: input.name }
      : await checkUpload(input.bytes, input.name, input.accept, input.engines);
  const id = randomUUID();
  const key = storageKey(id);
  const content = checked.bytes;
  const onDisk = !(content instanceof Uint8Array);
  await db.insert(storedFiles).values({
    id,
    name: checked.name,
    kind: checked.kind,
    mime: checked.mime,
    size: onDisk ? content.size : content.length,
    width: checked.width,
    height: checked.height,
    // A streamed upload was hashed chunk by chunk as it arrived.
    sha256: onDisk ? content.sha256 : await sha256Hex(content),
    storageKey: key,
    ownerUserId: input.ownerUserId ?? null,
    deviceId: input.deviceId ?? null,
    public: input.public ?? false,
    pendingSince: new Date(),
  });
  try {
    if (onDisk) await putFromPath(storage, key, content.path, checked.mime);
    else await storage.put(key, content, checked.mime);
  } catch (e) {
    // Nobody knows this id yet: the row goes at once (the sweep would take it later otherwise).
    await discardPending(db, storage, { id, storageKey: key }).catch(() => undefined);
    throw new AppError(FILE_ERRORS.STORAGE_FAILED, undefined, { reason: e instanceof Error ? e.message : String(e) });
  }
  const [row] = await db.update(storedFiles).set({ pendingSince: null }).where(eq(storedFiles.id, id)).returning();
  return row!;
}

export async function filesByIds(db: Db, ids: readonly string[]): Promise<StoredFileRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...ids]));
}

/** The bytes of a stored file; 404 when the row or the bytes are gone. */
export async function readFileBytes(storage: FileStorage, f: StoredFileRow): Promise<Uint8Array> {
  const bytes = await storage.get(f.storageKey);
  if (!bytes) throw new AppError(FILE_ERRORS.FILE_NOT_FOUND);
  return bytes;
}
