import { ARCHIVE_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { findCase, findCases, isGroupMember, type CaseRow } from './archive.repo.js';

/**
 * Who may do what with a case (docs/archive.md "Access"): the owner everything; a doctor of a
 * group the case is shared through may read it and write its visits; anyone else gets 403 —
 * also for a case id that does not exist, so ids cannot be probed (404 would tell them apart).
 */
export type CaseAccess = 'read' | 'write' | 'owner';

export async function canOpen(db: Db, p: Principal, c: CaseRow): Promise<boolean> {
  if (c.ownerUserId === p.user.id) return true;
  return !!c.groupId && (await isGroupMember(db, c.groupId, p.user.id));
}

/** The case when the caller may act on it: 403 otherwise; 409 for a deleted case unless `deleted` is allowed. */
export async function caseFor(
  db: Db,
  p: Principal,
  id: string,
  need: CaseAccess,
  opts: { deleted?: boolean } = {},
): Promise<CaseRow> {
  const c = await findCase(db, id);
  if (!c || !(await canOpen(db, p, c))) throw new AppError(ARCHIVE_ERRORS.CASE_FORBIDDEN);
  if (need === 'owner' && c.ownerUserId !== p.user.id) throw new AppError(ARCHIVE_ERRORS.OWNER_ONLY);
  if (c.deletedAt && !opts.deleted) throw new AppError(ARCHIVE_ERRORS.CASE_DELETED);
  return c;
}

/** Batch calls: every id must be an own case, else the whole call is 403 and nothing changes. */
export async function ownCases(db: Db, p: Principal, ids: readonly string[]): Promise<CaseRow[]> {
  const unique = [...new Set(ids)];
  const rows = await findCases(db, unique);
  if (rows.length !== unique.length || rows.some((c) => c.ownerUserId !== p.user.id)) {
    const shared = rows.length === unique.length && (await Promise.all(rows.map((c) => canOpen(db, p, c))));
    throw new AppError(shared && shared.every(Boolean) ? ARCHIVE_ERRORS.OWNER_ONLY : ARCHIVE_ERRORS.CASE_FORBIDDEN);
  }
  return rows;
}
