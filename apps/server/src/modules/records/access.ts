import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { RECORD_ERRORS, type RecordScope } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import type { RecordRow, RecordSummaryRow } from './records.repo.js';

const isLeader = (p: Principal) => p.entrance === 'member' && p.user.teamLeader && !!p.user.teamId;

/**
 * Who may see a record (docs/records.md): a member the records they made or that are about
 * them; a team leader every record of the team; a doctor the records they made.
 */
export function canSee(p: Principal, r: Pick<RecordSummaryRow, 'ownerUserId' | 'subjectUserId' | 'teamId'>): boolean {
  const me = p.user.id;
  if (r.ownerUserId === me || r.subjectUserId === me) return true;
  return isLeader(p) && r.teamId === p.user.teamId;
}

export function assertCanSee(p: Principal, r: RecordRow | undefined): RecordRow {
  if (!r) throw new AppError(RECORD_ERRORS.RECORD_NOT_FOUND);
  if (!canSee(p, r)) throw new AppError(RECORD_ERRORS.RECORD_FORBIDDEN);
  return r;
}

/** canSee as a WHERE: the records this caller may see (history and trends are filtered by it). */
export function visibleWhere(p: Principal): SQL {
  const me = p.user.id;
  const mine = or(eq(recordsTable.ownerUserId, me), eq(recordsTable.subjectUserId, me))!;
  return isLeader(p) ? or(mine, eq(recordsTable.teamId, p.user.teamId!))! : mine;
}

const SCOPE_SOURCES: Record<RecordScope, RecordRow['source'][]> = {
  memberRecord: ['member'],
  teamRecord: ['team'],
  deviceRecord: ['device'],
};

/** The WHERE of a list scope for this caller. */
export function scopeWhere(p: Principal, scope: RecordScope): SQL {
  const me = p.user.id;
  if (p.entrance === 'doctor') return eq(recordsTable.ownerUserId, me);
  const sources = inArray(recordsTable.source, SCOPE_SOURCES[scope]);
  if (isLeader(p)) return and(sources, eq(recordsTable.teamId, p.user.teamId!))!;
  if (scope === 'deviceRecord') throw new AppError(RECORD_ERRORS.SCOPE_FORBIDDEN);
  return and(sources, or(eq(recordsTable.ownerUserId, me), eq(recordsTable.subjectUserId, me)))!;
}
