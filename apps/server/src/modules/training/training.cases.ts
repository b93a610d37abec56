import {
  doneResult,
  TRAINING_ERRORS,
  type TrainingTeachingCaseBody,
  type TrainingTeachingCaseState,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { findRecord } from '../records/records.repo.js';
import * as repo from './training.repo.js';
import { presentQuestion } from './training.service.js';
import { engineReading } from './training.scoring.js';

/**
 * A doctor marks one of their own records as a teaching case: its tongue photo joins the question
 * bank with the doctor's labels as the key, and the record's tongue result as the engine's reading.
 */
export async function markTeachingCase(db: Db, doctorId: string, b: TrainingTeachingCaseBody) {
  if (!Object.values(b.key).some((v) => v?.length)) throw new AppError(TRAINING_ERRORS.LABELS_EMPTY);
  const record = await findRecord(db, b.recordId);
  // Another doctor's record and a missing one answer alike: ids of others' records stay unknown.
  if (!record || record.ownerUserId !== doctorId) throw new AppError(TRAINING_ERRORS.RECORD_NOT_YOURS);
  const fileId = record.files.tongue;
  if (!fileId) throw new AppError(TRAINING_ERRORS.RECORD_NOT_USABLE);
  const tongue = doneResult(record.results, 'tongue');
  const q = await repo.upsertTeachingCase(db, {
    fileId,
    source: 'teaching-case',
    sourceRef: record.id,
    recordId: record.id,
    key: b.key,
    engine: tongue ? engineReading(tongue.features) : null,
    note: b.note ?? null,
    createdBy: doctorId,
  });
  return presentQuestion(q);
}

/**
 * What the teaching-case button of a record shows: the doctor's key and note when it is marked,
 * and the engine's reading to start the labels from. Another doctor's record answers like a
 * missing one (403), as marking does.
 */
export async function teachingCaseState(
  db: Db,
  doctorId: string,
  recordId: string,
): Promise<TrainingTeachingCaseState> {
  const record = await findRecord(db, recordId);
  if (!record || record.ownerUserId !== doctorId) throw new AppError(TRAINING_ERRORS.RECORD_NOT_YOURS);
  const tongue = doneResult(record.results, 'tongue');
  const q = await repo.teachingCaseOf(db, record.id);
  return { marked: q ? { key: q.key, note: q.note } : null, engine: tongue ? engineReading(tongue.features) : null };
}
