import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPEN_API_HEADERS, type AuditActorKind } from '@tcm/contract';
import type { AuditBuffer, AuditInsert } from './audit-buffer.js';
import { AUDITED_ROUTES } from './audited-routes.js';

/** What a handler adds to its route's audit row (a record found by share token, a public file). */
export interface AuditNote {
  /** The entity's id when the path does not hold it (share token → record id, created ids). */
  targetId?: string;
  /** A signed URL or share token opened it rather than an account. */
  actorKind?: AuditActorKind;
  /** Not health data after all (a public CMS image): no row. */
  skip?: boolean;
  detail?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** Adds to the audit row of this request (merged with what was noted before). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...(request.auditNote ?? {}), ...note };
}

function deviceOf(request: FastifyRequest): string | null {
  const m = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!m?.[1]) return null;
  const id = Buffer.from(m[1], 'base64').toString('utf8').split(':')[0] ?? '';
  return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** Who called: the account's entrance, else a device, a partner app key, a share token, nobody. */
function actorOf(
  request: FastifyRequest,
  params: Record<string, string>,
): {
  kind: AuditActorKind;
  deviceId: string | null;
  detail: Record<string, unknown>;
} {
  const p = request.principal;
  if (request.auditNote?.actorKind) return { kind: request.auditNote.actorKind, deviceId: null, detail: {} };
  if (p) return { kind: p.entrance, deviceId: null, detail: {} };
  const key = request.headers[OPEN_API_HEADERS.key];
  if (typeof key === 'string') return { kind: 'partner', deviceId: null, detail: { appKey: key.slice(0, 64) } };
  if (params.token) return { kind: 'share-token', deviceId: null, detail: { token: `${params.token.slice(0, 8)}…` } };
  const device = request.url.startsWith('/backend/device/') ? deviceOf(request) : null;
  if (device) return { kind: 'device', deviceId: device, detail: {} };
  return { kind: 'anonymous', deviceId: null, detail: {} };
}

/**
 * One audit row per call of a health-data route (`AUDITED_ROUTES`), refused calls included (their
 * status says so), pushed to the batch writer after the reply has gone (docs/security.md §11).
 * Registered on the root instance so that it sees every module's routes.
 */
export function registerAuditHook(app: FastifyInstance, buffer: AuditBuffer): void {
  app.decorateRequest('auditNote', null);
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    const route = url ? AUDITED_ROUTES[`${request.method} ${url}`] : undefined;
    const note = request.auditNote;
    if (!route || note?.skip) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const actor = actorOf(request, params);
    const fromPath = route.param ? params[route.param] : undefined;
    const agent = request.headers['user-agent'];
    const row: AuditInsert = {
      action: `${route.entity}.${route.verb}`,
      actorKind: actor.kind,
      actorUserId: request.principal?.user.id ?? null,
      actorDeviceId: actor.deviceId,
      entity: route.entity,
      verb: route.verb,
      targetId: (note?.targetId ?? fromPath ?? null)?.slice(0, 100) ?? null,
      status: reply.statusCode,
      ip: request.ip,
      userAgent: agent ? agent.slice(0, 300) : null,
      detail: { route: `${request.method} ${url}`, ...actor.detail, ...(note?.detail ?? {}) },
    };
    buffer.push(row);
  });
}
