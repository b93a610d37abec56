import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ARCHIVE_ERRORS,
  VISIT_MAX_RECORDS,
  ARCHIVE_QUERY_FIELDS,
  ARCHIVE_RESTORE_DAYS,
  checkPrescription,
  type Acknowledgement,
  type CaseDetail,
  type HerbFacts,
  type CaseGroup,
  type CasePage,
  type CaseSummary,
  type caseAddBody,
  type caseListBody,
  caseUpdateBody,
  type groupAddBody,
  type visitBody,
  type Visit,
  type VisitDetail,
  type WordLang,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { archiveCases } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { parseOr400 } from '../../http/validation.js';
import type { Principal } from '../auth/principal.repo.js';
import { buildQueryWhere, whitelistOf } from '../query/query-sql.js';
import { canSee } from '../records/access.js';
import { findRecord } from '../records/records.repo.js';
import { recordDetail } from '../records/records.service.js';
import { caseFor, ownCases } from './archive.access.js';
import { dictionaryFor } from './archive.dictionary.js';
import { gatePrescription } from './archive.safety.js';
import * as repo from './archive.repo.js';
import { containsAny } from '../../db/contains.js';

const QUERY_FIELDS = whitelistOf(getTableColumns(archiveCases), ARCHIVE_QUERY_FIELDS);

/** Keeps the first 3 and last 4 characters (ID numbers are 15-18; shorter ones keep 1 and 1). */
export function maskIdNumber(id: string | null): string | null {
  if (!id) return null;
  const [head, tail] = id.length >= 10 ? [3, 4] : [1, 1];
  return id.slice(0, head) + '*'.repeat(id.length - head - tail) + id.slice(id.length - tail);
}

/** Whole years between the birth date and today (UTC). */
export function ageOn(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return Math.max(0, age);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentSummary(
  p: Principal,
  c: repo.CaseRow,
  names: { ownerName: string; groupName: string | null },
): CaseSummary {
  return {
    id: c.id,
    name: c.name,
    sex: c.sex,
    birthDate: c.birthDate,
    age: ageOn(c.birthDate),
    phone: c.phone,
    idNumberMasked: maskIdNumber(c.idNumber),
    pregnant: c.pregnant,
    groupId: c.groupId,
    groupName: names.groupName,
    ownerId: c.ownerUserId,
    ownerName: names.ownerName,
    mine: c.ownerUserId === p.user.id,
    visitCount: c.visitCount,
    tcmDisease: c.tcmDisease,
    tcmSyndrome: c.tcmSyndrome,
    lastVisitAt: c.lastVisitAt,
    createdAt: c.createdAt.toISOString(),
    deletedAt: iso(c.deletedAt),
  };
}

/** What the search box of the case list searches. */
const SEARCHED = [archiveCases.name, archiveCases.phone, archiveCases.tcmDisease, archiveCases.tcmSyndrome];

const restoreCutoff = () => new Date(Date.now() - ARCHIVE_RESTORE_DAYS * 86400_000);

export async function listCases(ctx: AppContext, p: Principal, body: z.infer<typeof caseListBody>): Promise<CasePage> {
  const where: (SQL | undefined)[] = [
    repo.visibleCases(p.user.id),
    repo.liveOrRecycled(body.deleted, restoreCutoff()),
    buildQueryWhere(body.query, QUERY_FIELDS),
  ];
  if (body.groupId) where.push(eq(archiveCases.groupId, body.groupId));
  where.push(containsAny(body.search, SEARCHED));
  const { rows, total } = await repo.listCases(ctx.db, and(...where)!, {
    offset: (body.page - 1) * body.size,
    limit: body.size,
    order: body.order,
  });
  return { list: rows.map((r) => presentSummary(p, r, r)), total, page: body.page, size: body.size };
}

/** Checks that every linked platform record exists and that the caller may see it (docs/records.md). */
async function assertLinkable(ctx: AppContext, p: Principal, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const r = await findRecord(ctx.db, id);
    if (!r || !canSee(p, r)) throw new AppError(ARCHIVE_ERRORS.RECORD_NOT_LINKABLE, `recordIds: ${id}`);
  }
}

export async function addCase(ctx: AppContext, p: Principal, body: z.infer<typeof caseAddBody>) {
  if (body.groupId) await ownGroup(ctx, p, body.groupId);
  const c = await repo.insertCase(ctx.db, {
    ownerUserId: p.user.id,
    groupId: body.groupId ?? null,
    name: body.name,
    sex: body.sex,
    birthDate: body.birthDate,
    phone: body.phone,
    idNumber: body.idNumber ?? null,
    pregnant: body.pregnant,
    remark: body.remark,
  });
  return presentSummary(p, c, await repo.ownerAndGroupNames(ctx.db, c));
}

export async function updateCase(ctx: AppContext, p: Principal, id: string, body: z.infer<typeof caseUpdateBody>) {
  const c = await caseFor(ctx.db, p, id, 'write');
  // Pregnancy is for female patients only (issue 32): checked against the stored sex when the
  // update names one of the two, and cleared when the sex becomes male.
  const sex = body.sex ?? c.sex;
  const set = sex === 'male' ? { ...parseOr400(caseUpdateBody, { ...body, sex }, 'body'), pregnant: false } : body;
  await repo.updateCase(ctx.db, c.id, set);
  const fresh = (await repo.findCase(ctx.db, c.id))!;
  return presentSummary(p, fresh, await repo.ownerAndGroupNames(ctx.db, fresh));
}

type Dictionary = Map<string, HerbFacts>;

/** Safety warnings of a stored prescription for this patient, with the reader's dictionary. */
function warningsOf(v: repo.VisitRow, pregnant: boolean, dictionary: Dictionary) {
  if (!v.prescription) return [];
  return checkPrescription(v.prescription.herbs, { pregnant, dictionary });
}

function presentVisit(v: repo.VisitRow, c: repo.CaseRow, doctorName: string, dict: Dictionary): Visit {
  return {
    id: v.id,
    caseId: v.caseId,
    number: v.number,
    type: v.number === 1 ? 'first' : 'followUp',
    visitDate: v.visitDate,
    chiefComplaint: v.chiefComplaint,
    presentIllness: v.presentIllness,
    pastHistory: v.pastHistory,
    fourDiagnosis: v.fourDiagnosis,
    recordIds: v.recordIds,
    tcmDisease: v.tcmDisease,
    tcmSyndrome: v.tcmSyndrome,
    western: v.western,
    treatmentPrinciple: v.treatmentPrinciple,
    prescription: v.prescription ?? null,
    warnings: warningsOf(v, c.pregnant, dict),
    advice: v.advice,
    outcome: v.outcome,
    doctorName,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/**
 * A visit with its linked platform records in full. The records are read through the case:
 * a doctor a group shares the case with sees the photos and results the owner linked.
 */
async function visitDetail(
  ctx: AppContext,
  p: Principal,
  v: repo.VisitRow,
  c: repo.CaseRow,
  doctorName: string,
  lang: WordLang,
): Promise<VisitDetail> {
  const records = [];
  for (const id of v.recordIds) {
    const r = await findRecord(ctx.db, id);
    // The linked records' conclusions in the reader's language (stored as ids, issue 34).
    if (r) records.push(await recordDetail(ctx, r, lang));
  }
  return { ...presentVisit(v, c, doctorName, await dictionaryFor(ctx.db, p.user.id)), records };
}

export async function caseDetail(ctx: AppContext, p: Principal, id: string, lang: WordLang): Promise<CaseDetail> {
  const c = await caseFor(ctx.db, p, id, 'read');
  const visits = await repo.visitsOf(ctx.db, c.id);
  const names = await repo.userNames(
    ctx.db,
    visits.map((v) => v.doctorUserId),
  );
  const details = [];
  for (const v of visits) details.push(await visitDetail(ctx, p, v, c, names.get(v.doctorUserId) ?? '', lang));
  return {
    ...presentSummary(p, c, await repo.ownerAndGroupNames(ctx.db, c)),
    idNumber: c.idNumber,
    remark: c.remark,
    visits: details,
  };
}

export async function removeCases(ctx: AppContext, p: Principal, ids: string[]): Promise<string[]> {
  const rows = await ownCases(ctx.db, p, ids);
  const live = rows.filter((c) => !c.deletedAt).map((c) => c.id);
  if (live.length) await repo.updateCases(ctx.db, live, { deletedAt: new Date() });
  return live;
}

export async function restoreCases(ctx: AppContext, p: Principal, ids: string[]): Promise<string[]> {
  const rows = await ownCases(ctx.db, p, ids);
  const cutoff = restoreCutoff();
  if (rows.some((c) => c.deletedAt && c.deletedAt <= cutoff)) throw new AppError(ARCHIVE_ERRORS.RESTORE_EXPIRED);
  const deleted = rows.filter((c) => c.deletedAt).map((c) => c.id);
  if (deleted.length) await repo.updateCases(ctx.db, deleted, { deletedAt: null });
  return deleted;
}

async function ownGroup(ctx: AppContext, p: Principal, groupId: string): Promise<repo.GroupRow> {
  const g = await repo.findGroup(ctx.db, groupId);
  if (!g || g.ownerUserId !== p.user.id) throw new AppError(ARCHIVE_ERRORS.GROUP_FORBIDDEN);
  return g;
}

export async function joinGroups(ctx: AppContext, p: Principal, ids: string[], groupId: string | null) {
  if (groupId) await ownGroup(ctx, p, groupId);
  await ownCases(ctx.db, p, ids);
  await repo.updateCases(ctx.db, ids, { groupId });
}

export async function groups(ctx: AppContext, p: Principal): Promise<CaseGroup[]> {
  const rows = await repo.groupsOf(ctx.db, p.user.id);
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    ownerId: g.ownerUserId,
    ownerName: g.ownerName,
    mine: g.ownerUserId === p.user.id,
    members: g.members,
  }));
}

export async function addGroup(ctx: AppContext, p: Principal, body: z.infer<typeof groupAddBody>): Promise<CaseGroup> {
  const names = [...new Set(body.shareWith)];
  const doctors = await repo.doctorsByLoginName(ctx.db, names);
  const missing = names.filter((n) => !doctors.some((d) => d.loginName === n));
  if (missing.length) throw new AppError(ARCHIVE_ERRORS.DOCTOR_NOT_FOUND, `shareWith: ${missing.join(', ')}`);
  const g = await repo.insertGroup(
    ctx.db,
    p.user.id,
    body.name,
    doctors.filter((d) => d.id !== p.user.id).map((d) => d.id),
  );
  return (await groups(ctx, p)).find((x) => x.id === g.id)!;
}

type VisitInput = z.infer<typeof visitBody>;

const visitValues = (b: VisitInput) => ({
  visitDate: b.visitDate,
  chiefComplaint: b.chiefComplaint,
  presentIllness: b.presentIllness,
  pastHistory: b.pastHistory,
  fourDiagnosis: b.fourDiagnosis,
  recordIds: [...new Set(b.recordIds)],
  tcmDisease: b.tcmDisease,
  tcmSyndrome: b.tcmSyndrome,
  western: b.western,
  treatmentPrinciple: b.treatmentPrinciple,
  advice: b.advice,
  outcome: b.outcome,
});

/** A saved visit and the acknowledgement this save gave, if any (the route audits it). */
export interface SavedVisit {
  visit: VisitDetail;
  acknowledged: Acknowledgement | null;
}

export async function addVisit(
  ctx: AppContext,
  p: Principal,
  caseId: string,
  b: VisitInput,
  lang: WordLang,
): Promise<SavedVisit> {
  const c = await caseFor(ctx.db, p, caseId, 'write');
  await assertLinkable(ctx, p, b.recordIds);
  const rx = await gatePrescription(ctx, p, c.pregnant, b.prescription);
  const v = await repo.insertVisit(ctx.db, {
    caseId: c.id,
    doctorUserId: p.user.id,
    ...visitValues(b),
    prescription: rx.prescription,
  });
  return { visit: await visitDetail(ctx, p, v, c, p.user.name, lang), acknowledged: rx.fresh };
}

/** The visit and its case when the caller may act on the case. */
export async function visitFor(ctx: AppContext, p: Principal, visitId: string, need: 'read' | 'write') {
  const v = await repo.findVisit(ctx.db, visitId);
  if (!v) throw new AppError(ARCHIVE_ERRORS.CASE_FORBIDDEN);
  return { v, c: await caseFor(ctx.db, p, v.caseId, need) };
}

export async function getVisit(ctx: AppContext, p: Principal, visitId: string, lang: WordLang): Promise<VisitDetail> {
  return (await visitWithCase(ctx, p, visitId, lang)).visit;
}

/** A visit as its detail answers it, with its case row and the doctor who wrote it (the FHIR export). */
export async function visitWithCase(ctx: AppContext, p: Principal, visitId: string, lang: WordLang) {
  const { v, c } = await visitFor(ctx, p, visitId, 'read');
  const doctor = {
    userId: v.doctorUserId,
    name: (await repo.userNames(ctx.db, [v.doctorUserId])).get(v.doctorUserId) ?? '',
  };
  return { visit: await visitDetail(ctx, p, v, c, doctor.name, lang), case: c, doctor };
}

/**
 * Adds one platform record to a visit's links (issue 33: the doctor captures from the visit; the
 * record is theirs, made through the records API, then linked here). Linking a record already
 * linked changes nothing; the visit's other fields are untouched, unlike `updateVisit`.
 */
export async function linkRecord(ctx: AppContext, p: Principal, visitId: string, recordId: string, lang: WordLang) {
  const { v, c } = await visitFor(ctx, p, visitId, 'write');
  await assertLinkable(ctx, p, [recordId]);
  let row = v;
  if (!v.recordIds.includes(recordId)) {
    if (v.recordIds.length >= VISIT_MAX_RECORDS) throw new AppError(ARCHIVE_ERRORS.VISIT_RECORDS_FULL);
    row = await repo.updateVisit(ctx.db, v, { recordIds: [...v.recordIds, recordId] });
  }
  const names = await repo.userNames(ctx.db, [row.doctorUserId]);
  return visitDetail(ctx, p, row, c, names.get(row.doctorUserId) ?? '', lang);
}

export async function updateVisit(
  ctx: AppContext,
  p: Principal,
  visitId: string,
  b: VisitInput,
  lang: WordLang,
): Promise<SavedVisit> {
  const { v, c } = await visitFor(ctx, p, visitId, 'write');
  // Only newly linked records are checked: a shared doctor keeps the owner's links when editing.
  await assertLinkable(
    ctx,
    p,
    b.recordIds.filter((id) => !v.recordIds.includes(id)),
  );
  const rx = await gatePrescription(ctx, p, c.pregnant, b.prescription, v.prescription);
  const row = await repo.updateVisit(ctx.db, v, { ...visitValues(b), prescription: rx.prescription });
  const names = await repo.userNames(ctx.db, [row.doctorUserId]);
  return { visit: await visitDetail(ctx, p, row, c, names.get(row.doctorUserId) ?? '', lang), acknowledged: rx.fresh };
}
