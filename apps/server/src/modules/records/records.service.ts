import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  FILE_ERRORS,
  RECORD_ERRORS,
  REDO_ERRORS,
  SYNTHESIS_ERRORS,
  type CaptureSlot,
  type FileKind,
  type PersonHistory,
  type PulseWave,
  type RecordCreated,
  type RecordDetail,
  type RecordPage,
  type RecordPerson,
  type RecordRedoBody,
  type WordLang,
  conclusionText,
  hasResults,
  isFinishedStatus,
} from '@tcm/contract';
import type { z } from 'zod';
import type { recordCreateBodySchema, recordListBodySchema } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { devices, recordsTable, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { filesByIds, type StoredFileRow } from '../files/files.service.js';
import { sourceOf } from '../files/storage.js';
import { buildQueryWhere, type QueryWhitelist } from '../query/query-sql.js';
import { scopeWhere, visibleWhere } from './access.js';
import { conclusionWordsSql } from './conclusion-sql.js';
import { withQueueRoom } from './queue-limits.js';
import { queryListPage } from './records.list-sql.js';
import { presentDetail, presentSummary, type RecordNames } from './records.presenter.js';
import {
  audit,
  insertRecord,
  type AuditEntry,
  markRedo,
  markRetry,
  personRecords,
  type RecordInsert,
  type RecordRow,
  type RecordSummaryRow,
} from './records.repo.js';
import { containsAny } from '../../db/contains.js';

/** 256 random bits, URL-safe: the capability of the open report routes. */
export const newShareToken = () => randomBytes(32).toString('base64url');

/** The file kind each capture slot takes. */
export const SLOT_KIND: Record<CaptureSlot, FileKind> = {
  tongue: 'image',
  face: 'image',
  pulse: 'pulse',
  voice: 'audio',
};

/** The person columns of a record. */
export const personValues = (p: RecordPerson) => ({
  personName: p.name || null,
  personSex: p.sex ?? null,
  personAge: p.age ?? null,
  personPhone: p.phone || null,
});

/** Inserts a record within the queued-work limits (429 beyond), audits it and queues its analysis. */
export async function startRecord(
  ctx: AppContext,
  values: Omit<RecordInsert, 'shareToken'>,
  actor: { userId?: string | null; deviceId?: string | null; ip?: string },
): Promise<RecordCreated> {
  const row = await withQueueRoom(ctx, { userId: values.ownerUserId, deviceId: values.deviceId, ip: actor.ip }, (tx) =>
    insertRecord(tx, { ...values, clientIp: actor.ip ?? null, shareToken: newShareToken() }),
  );
  await audit(ctx.db, {
    action: 'record.create',
    actorUserId: actor.userId,
    actorDeviceId: actor.deviceId,
    targetId: row.id,
    ip: actor.ip,
    detail: { source: row.source, captures: Object.keys(row.files) },
  });
  await ctx.analysis.enqueue(row.id);
  return { recordId: row.id, shareToken: row.shareToken, status: row.status };
}

type CreateBody = z.infer<typeof recordCreateBodySchema>;

/**
 * The uploaded files of `slots`, each the caller's own (another's reads as not found, as an
 * unknown uuid does) and of the slot's kind (a WAV is no tongue photo).
 */
export async function ownCaptureFiles(ctx: AppContext, userId: string, slots: [CaptureSlot, string][]) {
  const rows = await filesByIds(
    ctx.db,
    slots.map(([, id]) => id),
  );
  return slots.map(([slot, id]) => {
    const f = rows.find((r) => r.id === id);
    if (!f || f.ownerUserId !== userId) throw new AppError(FILE_ERRORS.FILE_NOT_FOUND, undefined, { slot });
    if (f.kind !== SLOT_KIND[slot])
      throw new AppError(RECORD_ERRORS.CAPTURE_WRONG_KIND, undefined, { slot, kind: f.kind });
    return f;
  });
}

/** Signed-in creation from uploaded file uuids (docs/records.md). */
export async function createRecord(
  ctx: AppContext,
  p: Principal,
  body: CreateBody,
  ip: string,
): Promise<RecordCreated> {
  const me = p.user;
  const slots = Object.entries(body.files) as [CaptureSlot, string][];
  const hasVitals = !!body.vitals && Object.keys(body.vitals).length > 0;
  if (!slots.length && !body.inquiry && !hasVitals) throw new AppError(RECORD_ERRORS.RECORD_EMPTY);
  await ownCaptureFiles(ctx, me.id, slots);
  const source = p.entrance === 'doctor' ? 'doctor' : (body.source ?? 'member');
  if (source === 'team' && !me.teamLeader) throw new AppError(RECORD_ERRORS.SCOPE_FORBIDDEN);
  const person: RecordPerson = source === 'member' ? { name: me.name, ...body.person } : body.person;
  if (body.inquiry && !person.sex)
    throw new AppError(SYNTHESIS_ERRORS.SYNTHESIS_SEX_REQUIRED, undefined, { field: 'person.sex' });
  return startRecord(
    ctx,
    {
      source,
      kind: body.kind,
      ...personValues(person),
      subjectUserId: source === 'member' ? me.id : null,
      ownerUserId: me.id,
      teamId: p.entrance === 'member' ? me.teamId : null,
      files: Object.fromEntries(slots),
      vitals: hasVitals ? body.vitals : null,
      inquiry: body.inquiry ?? null,
      lang: body.lang,
    },
    { userId: me.id, ip },
  );
}

/** Owner and device names of records, for the list and the detail. */
export async function namesOf(ctx: AppContext, rows: RecordSummaryRow[]): Promise<Map<string, RecordNames>> {
  const ownerIds = [...new Set(rows.map((r) => r.ownerUserId).filter((x): x is string => !!x))];
  const deviceIds = [...new Set(rows.map((r) => r.deviceId).filter((x): x is string => !!x))];
  const owners = ownerIds.length
    ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds))
    : [];
  const devs = deviceIds.length
    ? await ctx.db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, deviceIds))
    : [];
  const on = new Map(owners.map((o) => [o.id, o.name]));
  const dn = new Map(devs.map((d) => [d.id, d.name]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        ownerName: r.ownerUserId ? (on.get(r.ownerUserId) ?? null) : null,
        deviceName: r.deviceId ? (dn.get(r.deviceId) ?? null) : null,
      },
    ]),
  );
}

export async function recordDetail(ctx: AppContext, r: RecordRow, lang: WordLang): Promise<RecordDetail> {
  const ids = Object.values(r.files).filter((x): x is string => !!x);
  const [names, files] = await Promise.all([namesOf(ctx, [r]), filesByIds(ctx.db, ids)]);
  const detail = presentDetail(r, names.get(r.id)!, files, ctx.fileSigner, lang);
  const pulseWave = await pulseWaveOf(ctx, r, files);
  return pulseWave ? { ...detail, pulseWave } : detail;
}

/** Waveforms of recently shown pulse files, by file id (a stored file never changes). */
const WAVE_CACHE = new Map<string, PulseWave | null>();
const WAVE_CACHE_SIZE = 200;

/**
 * The waveform of a done pulse capture as the PDF draws it (@tcm/analysis/pulse `pulseWaveform`), so
 * the result page shows the same wave (issue 17). Only once the pulse engine has read the file;
 * parsed in the engine pool (a 10 MB file takes about a second: never on the API thread) and kept
 * for the next reads of the same file (the result page polls); a file that no longer reads, or a
 * busy pool, leaves the chart out, never the detail.
 */
async function pulseWaveOf(ctx: AppContext, r: RecordRow, files: StoredFileRow[]): Promise<PulseWave | undefined> {
  if (r.results.pulse?.status !== 'done') return undefined;
  const f = files.find((x) => x.id === r.files.pulse);
  if (!f) return undefined;
  if (WAVE_CACHE.has(f.id)) return WAVE_CACHE.get(f.id) ?? undefined;
  const source = await sourceOf(ctx.storage, f.storageKey);
  if (!source) return undefined;
  try {
    const wave = await ctx.engines.run({ kind: 'pulseWave', source, name: f.name }, { timeoutMs: 30_000 });
    if (WAVE_CACHE.size >= WAVE_CACHE_SIZE) WAVE_CACHE.delete(WAVE_CACHE.keys().next().value!);
    WAVE_CACHE.set(f.id, wave);
    return wave ?? undefined;
  } catch {
    return undefined;
  }
}

const owner = users;
/** The combined-query whitelist (RECORD_QUERY_FIELDS of the contract); the conclusion as the reader reads it. */
const queryFields = (lang: WordLang): QueryWhitelist => ({
  personName: { column: recordsTable.personName, type: 'string' },
  personPhone: { column: recordsTable.personPhone, type: 'string' },
  personSex: { column: recordsTable.personSex, type: 'string' },
  personAge: { column: recordsTable.personAge, type: 'integer' },
  status: { column: recordsTable.status, type: 'string' },
  source: { column: recordsTable.source, type: 'string' },
  kind: { column: recordsTable.kind, type: 'string' },
  ownerName: { column: owner.name, type: 'string' },
  deviceName: { column: devices.name, type: 'string' },
  conclusion: { column: conclusionWordsSql(recordsTable.conclusion, lang), type: 'string' },
  createdAt: { column: recordsTable.createdAt, type: 'date' },
});

type ListBody = z.infer<typeof recordListBodySchema>;

/**
 * The WHERE of a list call without paging: scope, combined query, status and search box. The
 * list and its exports (modules/record-exports) use it with the joins of `listFrom`. `lang`: the
 * reader's language, in which the conclusion is matched (it is stored as an id).
 */
export function listCondition(p: Principal, body: Omit<ListBody, 'page' | 'size'>, lang: WordLang): SQL | undefined {
  const where: (SQL | undefined)[] = [scopeWhere(p, body.scope), buildQueryWhere(body.query, queryFields(lang))];
  if (body.status) where.push(eq(recordsTable.status, body.status));
  const searched = [recordsTable.personName, recordsTable.personPhone, owner.name, devices.name];
  where.push(containsAny(body.search, [...searched, conclusionWordsSql(recordsTable.conclusion, lang)]));
  return and(...where);
}

/** The columns the list exports write (Excel rows, ZIP entry names). */
const exportColumns = {
  id: recordsTable.id,
  createdAt: recordsTable.createdAt,
  personName: recordsTable.personName,
  personSex: recordsTable.personSex,
  personAge: recordsTable.personAge,
  ownerName: owner.name,
  deviceName: devices.name,
  source: recordsTable.source,
  files: recordsTable.files,
  status: recordsTable.status,
  conclusion: recordsTable.conclusion,
};

/**
 * The records with the owner and device joins the search box and the query fields need: the
 * export rows (`listCondition` goes in its WHERE), or the count of a condition.
 */
export const exportRows = (ctx: AppContext) =>
  ctx.db
    .select(exportColumns)
    .from(recordsTable)
    .leftJoin(owner, eq(owner.id, recordsTable.ownerUserId))
    .leftJoin(devices, eq(devices.id, recordsTable.deviceId));

export async function countListed(ctx: AppContext, cond: SQL | undefined): Promise<number> {
  const [total] = await ctx.db
    .select({ n: count() })
    .from(recordsTable)
    .leftJoin(owner, eq(owner.id, recordsTable.ownerUserId))
    .leftJoin(devices, eq(devices.id, recordsTable.deviceId))
    .where(cond);
  return total?.n ?? 0;
}

/**
 * A page of a list scope with the search box and the combined query (spec §5, §9). The total is
 * count(*) of the condition stopping LIST_COUNT_AHEAD (10,000) rows past the page's first row,
 * `totalCapped` when more match: an exact count of a scope with hundreds of thousands of matches
 * read every one of them on every call (1 M records: ~2 req/s, p99 seconds; docs/server.md "List
 * at 1 M records"); the pager needs the total only to draw the pages ahead, and paging on moves
 * the limit with it, so every row stays reachable. Summary columns only, with the owner's and
 * device's names from the joins the search needs anyway; the SQL is written out in
 * records.list-sql.ts around the WHERE drizzle builds.
 */
export async function listRecords(ctx: AppContext, p: Principal, body: ListBody, lang: WordLang): Promise<RecordPage> {
  const offset = (body.page - 1) * body.size;
  const countAhead = offset + ctx.config.listCountAhead;
  const { rows, counted } = await queryListPage(ctx.database.pool, {
    where: listCondition(p, body, lang),
    sortBy: body.sortBy,
    order: body.order,
    limit: body.size,
    offset,
    countLimit: countAhead,
  });
  return {
    list: rows.map((x) => presentSummary(x.r, { ownerName: x.ownerName, deviceName: x.deviceName }, lang)),
    total: Math.min(counted, countAhead),
    totalCapped: counted > countAhead,
    page: body.page,
    size: body.size,
  };
}

export async function retryRecord(
  ctx: AppContext,
  r: RecordRow,
  actor: { userId?: string | null; ip?: string },
): Promise<RecordCreated> {
  if (r.status !== 'failed') throw new AppError(RECORD_ERRORS.RECORD_NOT_RETRYABLE);
  return requeue(
    ctx,
    r,
    actor.ip,
    // The retry is queued work of whoever asked for it now.
    (tx) => markRetry(tx, r.id, actor.ip ?? null),
    new AppError(RECORD_ERRORS.RECORD_NOT_RETRYABLE),
    { action: 'record.retry', actorUserId: actor.userId, targetId: r.id, ip: actor.ip },
  );
}

/**
 * Queues a record's analysis again (a retry, a redo): `mark` sets the row back to queued within
 * the queue limits of the record's maker and address, `refused` answers when another request
 * changed the row first; then the event is audited and the job queued.
 */
async function requeue(
  ctx: AppContext,
  r: RecordRow,
  ip: string | undefined,
  mark: (tx: Db) => Promise<boolean>,
  refused: AppError,
  event: AuditEntry,
): Promise<RecordCreated> {
  const queued = await withQueueRoom(ctx, { userId: r.ownerUserId, deviceId: r.deviceId, ip }, mark);
  if (!queued) throw refused;
  await audit(ctx.db, event);
  await ctx.analysis.enqueue(r.id);
  return { recordId: r.id, shareToken: r.shareToken, status: 'queued' };
}

/**
 * Replaces one part of a record (a capture's file, or the questionnaire's answers) and queues its
 * engine and the synthesis again; the vitals and the other parts' outcomes stay (docs/records.md
 * "Redo"). Only the record's maker may (a file must be their own upload, as at creation), never
 * while it is being analyzed.
 */
export async function redoCapture(
  ctx: AppContext,
  p: Principal,
  r: RecordRow,
  body: RecordRedoBody,
  ip: string,
): Promise<RecordCreated> {
  const me = p.user;
  if (r.ownerUserId !== me.id) throw new AppError(REDO_ERRORS.REDO_NOT_MAKER);
  const had = body.slot === 'constitution' ? r.inquiry : r.files[body.slot];
  if (!had) throw new AppError(REDO_ERRORS.REDO_NO_CAPTURE, undefined, { slot: body.slot });
  if (!isFinishedStatus(r.status)) throw new AppError(REDO_ERRORS.REDO_BUSY);
  if ('fileId' in body) await ownCaptureFiles(ctx, me.id, [[body.slot, body.fileId]]);
  return requeue(
    ctx,
    r,
    ip,
    (tx) => markRedo(tx, r.id, body, ip),
    // Another redo or retry queued it between the read and now.
    new AppError(REDO_ERRORS.REDO_BUSY),
    {
      action: 'record.redo',
      actorUserId: me.id,
      targetId: r.id,
      ip,
      // The answers themselves are health data: the audit names the part only.
      detail:
        'fileId' in body
          ? { slot: body.slot, previousFileId: had, fileId: body.fileId, previousStatus: r.status }
          : { slot: body.slot, previousStatus: r.status },
    },
  );
}

/**
 * The person's records and their vitals and conclusions over time (docs/records.md): only the
 * record's owner scope, and only what the caller may see (docs/security.md §1).
 */
export async function personHistory(
  ctx: AppContext,
  p: Principal,
  r: RecordRow,
  lang: WordLang,
): Promise<PersonHistory> {
  const rows = await personRecords(ctx.db, r, { visible: visibleWhere(p) });
  const names = await namesOf(ctx, rows);
  const done = rows.filter((x) => hasResults(x.status)).reverse();
  return {
    records: rows.map((x) => presentSummary(x, names.get(x.id)!, lang)),
    vitals: done
      .filter((x) => x.vitals && Object.keys(x.vitals).length)
      .map((x) => ({ recordId: x.id, date: x.createdAt.toISOString(), vitals: x.vitals! })),
    conclusions: done
      .filter((x) => x.conclusion)
      .map((x) => ({
        recordId: x.id,
        date: x.createdAt.toISOString(),
        conclusion: conclusionText(x.conclusion, lang)!,
      })),
  };
}
