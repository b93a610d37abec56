import { and, desc, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { RECORD_ERRORS } from '@tcm/contract';
import type { EngineOutcome, RecordEngine } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { auditLog, diagnosisRecords } from '../../db/schema/index.js';

export type RecordRow = typeof diagnosisRecords.$inferSelect;
export type RecordInsert = typeof diagnosisRecords.$inferInsert;

export async function findRecord(db: Db, id: string): Promise<RecordRow | undefined> {
  return db
    .select()
    .from(diagnosisRecords)
    .where(eq(diagnosisRecords.id, id))
    .then((r) => r[0]);
}

export async function findRecordByToken(db: Db, token: string): Promise<RecordRow | undefined> {
  return db
    .select()
    .from(diagnosisRecords)
    .where(eq(diagnosisRecords.shareToken, token))
    .then((r) => r[0]);
}

export async function insertRecord(db: Db, values: RecordInsert): Promise<RecordRow> {
  const [row] = await db.insert(diagnosisRecords).values(values).returning();
  return row!;
}

export async function updateRecord(db: Db, id: string, set: Partial<RecordInsert>): Promise<void> {
  await db
    .update(diagnosisRecords)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(diagnosisRecords.id, id));
}

/** Saves one engine's outcome into `results` without touching the others (jsonb merge). */
export async function saveOutcome(db: Db, id: string, engine: RecordEngine, outcome: EngineOutcome): Promise<void> {
  await db
    .update(diagnosisRecords)
    .set({
      results: sql`${diagnosisRecords.results} || ${JSON.stringify({ [engine]: outcome })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(diagnosisRecords.id, id));
}

/** failed → queued, atomically (two retries at once queue one job). True when this call did it. */
export async function markRetry(db: Db, id: string, clientIp: string | null): Promise<boolean> {
  const rows = await db
    .update(diagnosisRecords)
    .set({
      status: 'queued',
      failure: null,
      step: null,
      results: {},
      finishedAt: null,
      attempts: sql`${diagnosisRecords.attempts} + 1`,
      clientIp,
      updatedAt: new Date(),
    })
    .where(and(eq(diagnosisRecords.id, id), eq(diagnosisRecords.status, 'failed')))
    .returning({ id: diagnosisRecords.id });
  return rows.length > 0;
}

/** Where the same person's records are: the member, else team + name + phone (docs/records.md). */
export function samePerson(r: RecordRow): SQL | undefined {
  if (r.subjectUserId) return eq(diagnosisRecords.subjectUserId, r.subjectUserId);
  if (!r.personName) return undefined;
  return and(
    r.teamId ? eq(diagnosisRecords.teamId, r.teamId) : isNull(diagnosisRecords.teamId),
    r.deviceId && !r.teamId ? eq(diagnosisRecords.deviceId, r.deviceId) : undefined,
    eq(diagnosisRecords.personName, r.personName),
    r.personPhone ? eq(diagnosisRecords.personPhone, r.personPhone) : isNull(diagnosisRecords.personPhone),
    // Visitors are anonymous: never grouped.
    ne(diagnosisRecords.source, 'visitor'),
  );
}

/** The same person's records, newest first (at most 200), optionally only those before `before`. */
export async function personRecords(db: Db, r: RecordRow, before?: Date): Promise<RecordRow[]> {
  const same = samePerson(r);
  if (!same) return [r];
  return db
    .select()
    .from(diagnosisRecords)
    .where(and(same, before ? lt(diagnosisRecords.createdAt, before) : undefined))
    .orderBy(desc(diagnosisRecords.createdAt))
    .limit(200);
}

export interface AuditEntry {
  action: string;
  actorUserId?: string | null;
  actorDeviceId?: string | null;
  targetId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function audit(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: e.action,
    actorUserId: e.actorUserId ?? null,
    actorDeviceId: e.actorDeviceId ?? null,
    targetId: e.targetId ?? null,
    ip: e.ip ?? null,
    detail: e.detail ?? null,
  });
}

/**
 * Marks records failed (4001008) that have been `running` with no progress for `staleMs`: their
 * worker died and the job ran out of retries or expired. Answers how many were marked.
 */
export async function failStaleRecords(db: Db, staleMs: number): Promise<number> {
  const def = RECORD_ERRORS.ANALYSIS_TIMEOUT;
  const rows = await db
    .update(diagnosisRecords)
    .set({
      status: 'failed',
      step: null,
      failure: sql`jsonb_build_object('code', ${def.code}::int, 'msg', CASE WHEN ${diagnosisRecords.lang} = 'en' THEN ${def.en}::text ELSE ${def.zh}::text END)`,
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(diagnosisRecords.status, 'running'), lt(diagnosisRecords.updatedAt, new Date(Date.now() - staleMs))))
    .returning({ id: diagnosisRecords.id });
  return rows.length;
}

/**
 * Takes a record for one analysis attempt: queued, or running with no progress for `staleMs`
 * (its worker died). Atomic, so two jobs for one record never run it at once. The taken row, or
 * undefined when another worker has it or it is finished.
 */
export async function claimRecord(db: Db, id: string, staleMs: number): Promise<RecordRow | undefined> {
  const [row] = await db
    .update(diagnosisRecords)
    .set({ status: 'running', step: null, results: {}, failure: null, updatedAt: new Date() })
    .where(
      and(
        eq(diagnosisRecords.id, id),
        or(
          eq(diagnosisRecords.status, 'queued'),
          and(eq(diagnosisRecords.status, 'running'), lt(diagnosisRecords.updatedAt, new Date(Date.now() - staleMs))),
        ),
      ),
    )
    .returning();
  return row;
}

/** Records queued for longer than `staleMs` (their job was lost, e.g. a crash between insert and send). */
export async function staleQueuedIds(db: Db, staleMs: number): Promise<string[]> {
  const rows = await db
    .select({ id: diagnosisRecords.id })
    .from(diagnosisRecords)
    .where(and(eq(diagnosisRecords.status, 'queued'), lt(diagnosisRecords.updatedAt, new Date(Date.now() - staleMs))))
    .limit(100);
  return rows.map((r) => r.id);
}
