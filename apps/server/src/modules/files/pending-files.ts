import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import type { FileStorage } from './storage.js';

/**
 * How long an upload may stay between its row and its bytes before the sweep counts it as cut
 * off. Generous: another process may be storing a large video on a slow S3 right now, and the
 * sweep must not take its row from under it.
 */
export const PENDING_FILE_MAX_AGE_MS = 15 * 60_000;

/** Bytes first, then the row: a crash in between leaves a pending row for the next sweep, not bytes. */
export async function discardPending(
  db: Db,
  storage: FileStorage,
  f: { id: string; storageKey: string },
): Promise<void> {
  await storage.delete(f.storageKey);
  await db.delete(storedFiles).where(and(eq(storedFiles.id, f.id), isNotNull(storedFiles.pendingSince)));
}

/**
 * Removes the uploads a crash cut off (pending since before `cutoff`): their bytes, if any were
 * stored, then their row. Runs at start (app.ts); answers how many it removed. A file still
 * pending is known to no caller (saveFile had not answered), so nothing refers to it.
 */
export async function sweepPendingFiles(db: Db, storage: FileStorage, cutoff: Date, limit = 1000): Promise<number> {
  const rows = await db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(lt(storedFiles.pendingSince, cutoff))
    .orderBy(asc(storedFiles.pendingSince))
    .limit(limit);
  for (const r of rows) await discardPending(db, storage, r);
  return rows.length;
}
