import { and, eq, inArray } from 'drizzle-orm';
import {
  DOCTOR_APPROVAL_ERRORS,
  DOCTOR_QUERY_FIELDS,
  type DoctorListBody,
  type DoctorPage,
  type DoctorRow,
} from '@tcm/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { writeAudit } from '../audit/audit.service.js';
import { buildQueryWhere } from '../query/query-sql.js';
import { presentAccount } from '../users/users.presenter.js';
import { assertManageable, scopeWhere, type AdminScope } from './data-scope.js';
import * as repo from './users.repo.js';

const WHITELIST = repo.accountWhitelist(DOCTOR_QUERY_FIELDS);

function present(u: repo.AccountRow, names: Map<string, string>): DoctorRow {
  return {
    ...presentAccount(u),
    kind: u.doctorKind,
    title: u.title,
    approval: u.approval,
    approvalReason: u.approvalReason,
    decidedAt: u.approvalAt?.toISOString() ?? null,
    decidedBy: u.approvalBy ? (names.get(u.approvalBy) ?? null) : null,
  };
}

/** Display names of the reviewers who decided the listed registrations. */
async function reviewerNames(db: Db, rows: repo.AccountRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.approvalBy).filter((id): id is string => !!id))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((r) => [r.id, r.name]));
}

/** Doctor and researcher accounts in the caller's data scope, by approval state, search and combined query. */
export async function listDoctors(
  db: Db,
  s: AdminScope,
  q: DoctorListBody & { page: number; size: number; order: 'asc' | 'desc' },
): Promise<DoctorPage> {
  const where = and(
    scopeWhere(s),
    eq(users.entrance, 'doctor'),
    q.approval ? eq(users.approval, q.approval) : undefined,
    buildQueryWhere(q.query, WHITELIST),
  );
  const { rows, total } = await repo.listAccounts(db, { where, keyword: q.keyword || undefined, ...q });
  const names = await reviewerNames(db, rows);
  return { list: rows.map((r) => present(r, names)), total };
}

async function doctorInScope(db: Db, s: AdminScope, id: string): Promise<repo.AccountRow> {
  const [row] = await db.select({ entrance: users.entrance }).from(users).where(eq(users.id, id));
  if (row?.entrance !== 'doctor') throw new AppError(DOCTOR_APPROVAL_ERRORS.NOT_A_DOCTOR);
  return assertManageable(db, s, id);
}

/**
 * Records the decision, one audit line (`doctor.approve` / `doctor.reject` with the reason) and
 * answers the row. Approving is allowed from pending and from rejected (a reviewer may change
 * their mind); rejecting only from pending: an approved doctor is stopped by disabling the
 * account (users screen), which also ends its sessions.
 */
export async function decide(
  request: FastifyRequest,
  s: AdminScope,
  id: string,
  decision: { approval: 'approved' } | { approval: 'rejected'; reason: string },
): Promise<DoctorRow> {
  const db = request.server.ctx.db;
  const target = await doctorInScope(db, s, id);
  if (decision.approval === 'rejected' && target.approval !== 'pending')
    throw new AppError(DOCTOR_APPROVAL_ERRORS.ALREADY_DECIDED);
  const reason = decision.approval === 'rejected' ? decision.reason : null;
  const [row] = await db
    .update(users)
    .set({ approval: decision.approval, approvalReason: reason, approvalBy: s.me.id, approvalAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  await writeAudit(db, request, {
    action: decision.approval === 'approved' ? 'doctor.approve' : 'doctor.reject',
    targetId: id,
    detail: { from: target.approval, ...(reason ? { reason } : {}) },
  });
  return present(row!, new Map([[s.me.id, s.me.name]]));
}
