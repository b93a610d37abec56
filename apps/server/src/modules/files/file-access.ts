import { and, eq, or, sql } from 'drizzle-orm';
import { CAPTURE_SLOTS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { recordsTable, trainingQuestions } from '../../db/schema/index.js';
import type { Principal } from '../auth/principal.repo.js';
import { visibleWhere } from '../records/access.js';
import type { StoredFileRow } from './files.service.js';

/** Entrances that see the training question bank's photos (learners, the teacher, doctors marking cases). */
const TRAINING_ENTRANCES = new Set(['training', 'sys', 'doctor']);

/**
 * May this signed-in caller open a health file by session alone (docs/security.md §12)? Its
 * uploader may; so may whoever may see a record that holds it (a capture slot or the tongue mask,
 * by the record's own rule `visibleWhere`), and training sessions the question bank's photos.
 * Every other way in is a signed URL handed out by an API that checked access itself.
 */
export async function canOpenFile(db: Db, p: Principal, f: StoredFileRow): Promise<boolean> {
  if (f.ownerUserId === p.user.id) return true;
  if (p.entrance === 'member' || p.entrance === 'doctor') {
    // `files @> {"slot": id}` per slot: served by the GIN index on `files`.
    const holds = or(
      ...CAPTURE_SLOTS.map((slot) => sql`${recordsTable.files} @> ${JSON.stringify({ [slot]: f.id })}::jsonb`),
      eq(recordsTable.tongueMaskFileId, f.id),
    );
    const [hit] = await db
      .select({ id: recordsTable.id })
      .from(recordsTable)
      .where(and(holds, visibleWhere(p)))
      .limit(1);
    if (hit) return true;
  }
  if (TRAINING_ENTRANCES.has(p.entrance)) {
    const [q] = await db
      .select({ id: trainingQuestions.id })
      .from(trainingQuestions)
      .where(eq(trainingQuestions.fileId, f.id))
      .limit(1);
    if (q) return true;
  }
  return false;
}
