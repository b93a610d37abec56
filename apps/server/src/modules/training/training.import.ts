import { basename, extname } from 'node:path';
import { TRAINING_ERRORS, type TrainingImportResult, type TrainingReading } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { EnginePool } from '../../jobs/engine-pool.js';
import { saveFile } from '../files/files.service.js';
import type { FileStorage } from '../files/storage.js';
import { parseLabelTable } from './training.labels.js';
import * as repo from './training.repo.js';

export interface PhotoSource {
  /** File name; its name without extension is the id the label table names. */
  name: string;
  bytes: () => Promise<Uint8Array>;
}

export interface ImportInput {
  labelTable: string;
  photos: readonly PhotoSource[];
  importedBy: string | null;
  /** The engine's reading of a photo, when the caller runs the engine (the command's --engine). */
  engine?: (bytes: Uint8Array) => Promise<TrainingReading | null>;
}

export interface ImportDeps {
  db: Db;
  storage: FileStorage;
  engines: EnginePool;
}

/** The photo id of a file name: `TE0000011.jpg` → `TE0000011`. */
export const photoRef = (name: string) => basename(name, extname(name));

/**
 * Adds photos with a row in the label table to the question bank (docs/training.md "Import").
 * Photos are checked by content like every upload and stored through the files module; a photo
 * already imported (same id) is skipped, so running an import again adds only what is new.
 */
export async function importQuestions(deps: ImportDeps, input: ImportInput): Promise<TrainingImportResult> {
  const table = parseLabelTable(input.labelTable);
  if (!table) throw new AppError(TRAINING_ERRORS.LABEL_TABLE_INVALID);
  const keys = new Map(table.rows.map((r) => [r.ref, r.key]));
  const skipped = [...table.skipped];
  const todo = input.photos.filter((p) => keys.has(photoRef(p.name)));
  if (!todo.length) throw new AppError(TRAINING_ERRORS.IMPORT_EMPTY, undefined, { skipped: skipped.slice(0, 50) });
  let imported = 0;
  for (const p of todo) {
    const ref = photoRef(p.name);
    if (await repo.questionExists(deps.db, 'import', ref)) {
      skipped.push({ ref, reason: 'already imported' });
      continue;
    }
    try {
      const bytes = await p.bytes();
      const file = await saveFile(deps.db, deps.storage, {
        bytes,
        name: p.name,
        ownerUserId: input.importedBy,
        accept: { kinds: ['image'] },
        engines: deps.engines,
      });
      const engine = input.engine ? await input.engine(bytes) : null;
      const added = await repo.insertQuestion(deps.db, {
        fileId: file.id,
        source: 'import',
        sourceRef: ref,
        key: keys.get(ref)!,
        engine,
        createdBy: input.importedBy,
      });
      if (added) imported++;
      else skipped.push({ ref, reason: 'already imported' });
    } catch (e) {
      skipped.push({ ref, reason: e instanceof AppError ? e.def.en : e instanceof Error ? e.message : String(e) });
    }
  }
  return { imported, skipped };
}
