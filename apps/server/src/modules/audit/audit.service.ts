import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * The audit writer every module can reuse (docs/archive.md "Audit"): one row of `audit_log` per
 * read or write that matters — who (the signed-in user), when (`at`), what (`action` + target
 * id + detail) and from where (client address, user agent). Rows are only ever inserted.
 */
export interface AuditEvent {
  /** `<area>.<verb>`, e.g. `archive.read`, `archive.visit.update`. */
  action: string;
  targetId?: string | null;
  detail?: Record<string, unknown>;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Writes one audit row for the caller of `request` (the guard has set its principal). */
export async function writeAudit(db: Db, request: FastifyRequest, e: AuditEvent): Promise<void> {
  await writeAuditMany(db, request, e.action, [e.targetId ?? null], e.detail);
}

/** Writes the same event for many targets in one insert (batch calls audit each case they touch). */
export async function writeAuditMany(
  db: Db,
  request: FastifyRequest,
  action: string,
  targetIds: ReadonlyArray<string | null>,
  detail?: Record<string, unknown>,
): Promise<void> {
  if (!targetIds.length) return;
  const agent = request.headers['user-agent'];
  await db.insert(auditLog).values(
    targetIds.map((targetId) => ({
      action,
      actorUserId: request.principal?.user.id ?? null,
      actorKind: request.principal?.entrance ?? null,
      targetId,
      ip: request.ip,
      userAgent: agent ? agent.slice(0, 300) : null,
      detail: detail ?? {},
    })),
  );
}

/**
 * The module events of one target, oldest first: rows written here by `writeAudit`, without the
 * per-route access rows of the audit hook (those carry a `verb`; the audit page shows both).
 */
export async function auditTrail(db: Db, targetId: string, actorUserId?: string): Promise<AuditRow[]> {
  const where = and(
    eq(auditLog.targetId, targetId),
    isNull(auditLog.verb),
    actorUserId ? eq(auditLog.actorUserId, actorUserId) : undefined,
  );
  return db.select().from(auditLog).where(where).orderBy(asc(auditLog.id));
}
