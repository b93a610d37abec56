import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_ERRORS, type AuditQueryBody, type AuditRowView } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The combined query as one WHERE; `actor` is a user id, a login name, a device id or a token prefix. */
function whereOf(q: AuditQueryBody): SQL | undefined {
  if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw new AppError(AUDIT_ERRORS.AUDIT_RANGE_INVALID);
  const parts: SQL[] = [];
  if (q.actor) {
    const a = q.actor;
    const byId = UUID.test(a) ? [eq(auditLog.actorUserId, a), eq(auditLog.actorDeviceId, a)] : [];
    parts.push(
      or(
        ...byId,
        sql`${auditLog.actorUserId} in (select ${users.id} from ${users} where ${users.loginName} = ${a})`,
        sql`${auditLog.detail}->>'token' = ${`${a.slice(0, 8)}…`}`,
        sql`${auditLog.detail}->>'appKey' = ${a}`,
      )!,
    );
  }
  if (q.actorKind) parts.push(eq(auditLog.actorKind, q.actorKind));
  if (q.entity) parts.push(eq(auditLog.entity, q.entity));
  if (q.entityId) parts.push(eq(auditLog.targetId, q.entityId));
  if (q.action) parts.push(eq(auditLog.verb, q.action));
  if (q.from) parts.push(gte(auditLog.at, new Date(q.from)));
  if (q.to) parts.push(lte(auditLog.at, new Date(q.to)));
  return parts.length ? and(...parts) : undefined;
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorKind: auditLog.actorKind,
  actorUserId: auditLog.actorUserId,
  actorDeviceId: auditLog.actorDeviceId,
  actorName: users.loginName,
  entity: auditLog.entity,
  targetId: auditLog.targetId,
  verb: auditLog.verb,
  action: auditLog.action,
  status: auditLog.status,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  detail: auditLog.detail,
};
type Selected = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null;
};

function viewOf(r: Selected): AuditRowView {
  const detail = r.detail ?? {};
  const route = typeof detail.route === 'string' ? detail.route : null;
  return {
    id: r.id!,
    at: r.at!.toISOString(),
    actorKind: r.actorKind,
    actorId: r.actorUserId ?? r.actorDeviceId ?? (typeof detail.token === 'string' ? detail.token : null),
    actorName: r.actorName,
    entity: r.entity,
    entityId: r.targetId,
    // Rows written by a module's own event (writeAudit) carry only their event name.
    action: r.verb ?? r.action!,
    event: route ?? r.action,
    status: r.status,
    ip: r.ip,
    userAgent: r.userAgent ?? (typeof detail.userAgent === 'string' ? detail.userAgent : null),
  };
}

/** One page of the log, newest first, and the total of the query. */
export async function auditPage(
  db: Db,
  q: AuditQueryBody,
  page: number,
  size: number,
): Promise<{ list: AuditRowView[]; total: number }> {
  const where = whereOf(q);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { list: rows.map(viewOf), total: count?.n ?? 0 };
}

/** Every row of the query (the export), newest first, at most `max` + 1 so that the caller can refuse more. */
export async function auditRows(db: Db, q: AuditQueryBody, max: number): Promise<AuditRowView[]> {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(whereOf(q))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(max + 1);
  return rows.map(viewOf);
}

/** Deletes rows older than `before`; answers how many went. */
export async function purgeBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
  return gone.length;
}
