import { and, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CaptureSlot, EngineOutcome, RecordEngine, Vitals } from '@tcm/contract';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, recordsTable } from '../../db/schema/index.js';
import { firstRow, insertRow } from '../../db/rows.js';

export type RecordRow = typeof recordsTable.$inferSelect;
export type RecordInsert = typeof recordsTable.$inferInsert;

export const findRecord = (db: Db, id: string): Promise<RecordRow | undefined> =>
  firstRow(db, recordsTable, eq(recordsTable.id, id));

export const findRecordByToken = (db: Db, token: string): Promise<RecordRow | undefined> =>
  firstRow(db, recordsTable, eq(recordsTable.shareToken, token));

export const insertRecord = (db: Db, values: RecordInsert): Promise<RecordRow> => insertRow(db, recordsTable, values);

export async function updateRecord(db: Db, id: string, set: Partial<RecordInsert>): Promise<void> {
  await db
    .update(recordsTable)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(recordsTable.id, id));
}

/** Saves one engine's outcome into `results` without touching the others (jsonb merge). */
export async function saveOutcome(db: Db, id: string, engine: RecordEngine, outcome: EngineOutcome): Promise<void> {
  await db
    .update(recordsTable)
    .set({
      results: sql`${recordsTable.results} || ${JSON.stringify({ [engine]: outcome })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(recordsTable.id, id));
}

/**
 * A finished record back to `queued` for another analysis (retry, redo): atomically, only from
 * `from`, so two calls at once queue one job. True when this call did it.
 */
async function requeue(
  db: Db,
  id: string,
  from: RecordRow['status'][],
  clientIp: string | null,
  set: PgUpdateSetSource<typeof recordsTable>,
): Promise<boolean> {
  const rows = await db
    .update(recordsTable)
    .set({
      status: 'queued',
      failure: null,
      missing: [],
      step: null,
      finishedAt: null,
      attempts: sql`${recordsTable.attempts} + 1`,
      // The new work is queued by whoever asked for it now (the per-address limit).
      clientIp,
      updatedAt: new Date(),
      ...set,
    })
    .where(and(eq(recordsTable.id, id), inArray(recordsTable.status, from)))
    .returning({ id: recordsTable.id });
  return rows.length > 0;
}

/** failed → queued from scratch (two retries at once queue one job). True when this call did it. */
export const markRetry = (db: Db, id: string, clientIp: string | null): Promise<boolean> =>
  requeue(db, id, ['failed'], clientIp, { results: {}, keepResults: false });

/**
 * done | partial | failed → queued with one part replaced (docs/records.md "Redo"): a capture
 * slot's file, or the questionnaire's answers (`constitution`). That part's outcome and the
 * synthesis are dropped (they run again), the other outcomes stay and the next attempt keeps them
 * (`keep_results`). A new tongue photo drops the old one's mask. True when this call did it
 * (never while an analysis runs).
 */
export const markRedo = (
  db: Db,
  id: string,
  part: { slot: CaptureSlot; fileId: string } | { slot: 'constitution'; inquiry: { answers: Record<string, number> } },
  clientIp: string | null,
): Promise<boolean> =>
  requeue(db, id, ['done', 'partial', 'failed'], clientIp, {
    conclusion: null,
    ...('fileId' in part
      ? { files: sql`${recordsTable.files} || ${JSON.stringify({ [part.slot]: part.fileId })}::jsonb` }
      : { inquiry: part.inquiry }),
    results: sql`${recordsTable.results} - ${part.slot}::text - 'synthesis'`,
    keepResults: true,
    ...(part.slot === 'tongue' ? { tongueMaskFileId: null } : {}),
  });

/**
 * The columns a record summary needs (list, history): never the engine results, the inputs or
 * the share token. A done record's `results` is about 75 KB; the list reads only these
 * (docs/security.md §6).
 */
export const summaryColumns = {
  id: recordsTable.id,
  source: recordsTable.source,
  kind: recordsTable.kind,
  status: recordsTable.status,
  personName: recordsTable.personName,
  personSex: recordsTable.personSex,
  personAge: recordsTable.personAge,
  personPhone: recordsTable.personPhone,
  subjectUserId: recordsTable.subjectUserId,
  ownerUserId: recordsTable.ownerUserId,
  teamId: recordsTable.teamId,
  deviceId: recordsTable.deviceId,
  // Slot → file uuid (at most four short entries): the summary lists the capture slots.
  files: recordsTable.files,
  conclusion: recordsTable.conclusion,
  failure: recordsTable.failure,
  missing: recordsTable.missing,
  attempts: recordsTable.attempts,
  lang: recordsTable.lang,
  createdAt: recordsTable.createdAt,
  updatedAt: recordsTable.updatedAt,
  finishedAt: recordsTable.finishedAt,
};
export type RecordSummaryRow = Pick<RecordRow, keyof typeof summaryColumns>;

/** What decides who a record is about and whose records it sits among. */
export type PersonKey = Pick<
  RecordRow,
  'source' | 'teamId' | 'ownerUserId' | 'subjectUserId' | 'personName' | 'personPhone'
>;

/**
 * The records every viewer of `r` shares: its team's, else (doctor records, members without a
 * team) its maker's. History and trends never leave it, so two doctors, or two teams, with a
 * patient of the same name never see each other's (docs/security.md §1).
 */
function ownerScope(r: PersonKey): SQL | undefined {
  if (r.teamId) return eq(recordsTable.teamId, r.teamId);
  if (r.ownerUserId) return and(isNull(recordsTable.teamId), eq(recordsTable.ownerUserId, r.ownerUserId));
  return undefined;
}

/**
 * Where the same person's records are (docs/records.md): within the record's owner scope, the
 * member (`subject_user_id`) for member records, else the same name and phone (or both without
 * a phone) among records that are about no member account. Undefined: nobody to group with.
 */
export function samePerson(r: PersonKey): SQL | undefined {
  // Visitors are anonymous: never grouped.
  if (r.source === 'visitor') return undefined;
  const scope = ownerScope(r);
  if (!scope) return undefined;
  if (r.subjectUserId) return and(scope, eq(recordsTable.subjectUserId, r.subjectUserId));
  if (!r.personName) return undefined;
  return and(
    scope,
    isNull(recordsTable.subjectUserId),
    eq(recordsTable.personName, r.personName),
    r.personPhone ? eq(recordsTable.personPhone, r.personPhone) : isNull(recordsTable.personPhone),
    ne(recordsTable.source, 'visitor'),
  );
}

export type HistoryRow = RecordSummaryRow & Pick<RecordRow, 'vitals'>;

/**
 * The same person's records, newest first (at most 200), summary columns and vitals only.
 * `visible` is the caller's access (access.ts `visibleWhere`); the analysis worker has no
 * caller and relies on the owner scope, which is what every viewer of the record may see.
 * `before`: only records made before it (the trends of a new record).
 */
export async function personRecords(
  db: Db,
  r: PersonKey & HistoryRow,
  opts: { visible?: SQL; before?: Date } = {},
): Promise<HistoryRow[]> {
  const same = samePerson(r);
  if (!same) return opts.before ? [] : [r];
  return db
    .select({ ...summaryColumns, vitals: recordsTable.vitals })
    .from(recordsTable)
    .where(and(same, opts.visible, opts.before ? lt(recordsTable.createdAt, opts.before) : undefined))
    .orderBy(desc(recordsTable.createdAt), desc(recordsTable.id))
    .limit(200);
}

/** One earlier reading of a record's person, as the vitals engine takes it (oldest first). */
export interface TrendPoint {
  id: string;
  date: string;
  vitals: Vitals;
}

/**
 * The earlier vitals a record's trends are computed from: its person's records made before it,
 * within its owner scope (personRecords), those with vitals only, oldest first. The worker and
 * the trend repair (rescope-trends.ts) both use it, so a repaired record holds what a fresh
 * analysis would.
 */
export async function trendHistory(db: Db, r: PersonKey & HistoryRow): Promise<TrendPoint[]> {
  // No caller here: the owner scope of samePerson keeps the trends to what the record's viewers may see.
  const earlier = await personRecords(db, r, { before: r.createdAt });
  return earlier
    .filter((e) => e.id !== r.id && e.vitals && Object.keys(e.vitals).length)
    .map((e) => ({ id: e.id, date: e.createdAt.toISOString(), vitals: e.vitals as Vitals }))
    .reverse();
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
 * Takes a record for one analysis attempt: queued, or running with no heartbeat for `staleMs`
 * (its worker died; modules/analysis/orphans.ts). Atomic, so two jobs for one record never run it at once. The taken row, or
 * undefined when another worker has it or it is finished.
 */
export async function claimRecord(db: Db, id: string, staleMs: number): Promise<RecordRow | undefined> {
  const [row] = await db
    .update(recordsTable)
    .set({
      status: 'running',
      step: null,
      // A redo's attempt keeps the other captures' outcomes (docs/records.md "Redo").
      results: sql`case when ${recordsTable.keepResults} then ${recordsTable.results} else '{}'::jsonb end`,
      failure: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(recordsTable.id, id),
        or(
          eq(recordsTable.status, 'queued'),
          and(eq(recordsTable.status, 'running'), lt(recordsTable.updatedAt, new Date(Date.now() - staleMs))),
        ),
      ),
    )
    .returning();
  return row;
}
