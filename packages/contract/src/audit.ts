import auditErrors from './errors/audit.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { SYS_VERSION } from './paths.js';

/**
 * The audit log of health-data access (docs/security.md §11, issue 25 item 4) and the signed file
 * URLs of health files (§12, item 5). Range 46000xx.
 */
export const AUDIT_ERRORS = defineErrors(auditErrors);

const AUDIT = `/backend/sys/${SYS_VERSION}/audit`;
export const AUDIT_PATHS = {
  /** POST: one page of the log, newest first, by the combined query. */
  list: `${AUDIT}/list`,
  /** POST: every row of the same query as .xlsx. */
  exportXlsx: `${AUDIT}/export`,
} as const;

/** Button codes of the audit page (the admin role holds every code). */
export const AUDIT_BUTTONS = { view: 'audit-view', export: 'audit-export' } as const;

/** Most rows in one Excel export. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** Who acted: a signed-in account (by entrance), a device, a partner app key, a share token, a signed link, nobody. */
export const AUDIT_ACTOR_KINDS = [
  'sys',
  'member',
  'doctor',
  'display',
  'disease',
  'training',
  'device',
  'partner',
  'share-token',
  'signed-url',
  'anonymous',
  'system',
] as const;
export const auditActorKind = z.enum(AUDIT_ACTOR_KINDS);
export type AuditActorKind = z.infer<typeof auditActorKind>;

/** What kind of health data a row is about. */
export const AUDIT_ENTITIES = [
  'record',
  'report',
  'case',
  'visit',
  'inquiry-form',
  'export',
  'file',
  'audit',
  // A research pool's samples (copies of health data): issue 35 item 5.
  'research-sample',
] as const;
export const auditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntity>;

/** Read, write (create, change, delete), download (PDF, Excel, ZIP) or purge (retention). */
export const AUDIT_ACTIONS = ['read', 'list', 'write', 'download', 'purge'] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

const isoDate = z.string().datetime({ offset: true });

/** The combined query of the audit page. */
export const auditQueryBody = z.object({
  /** Login name or user id of the actor, or a device id / share-token prefix. */
  actor: z.string().trim().max(100).optional(),
  actorKind: auditActorKind.optional(),
  entity: auditEntity.optional(),
  entityId: z.string().trim().max(100).optional(),
  action: auditAction.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditQueryBody = z.infer<typeof auditQueryBody>;
export const auditListBody = auditQueryBody.extend({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(1000).default(100),
});
export type AuditListBody = z.input<typeof auditListBody>;
export const auditExportBody = auditQueryBody.extend({ lang: z.enum(['zh', 'en']).optional() });

export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  action: z.string(),
  /** The route or event (e.g. `GET /backend/record/:id`, `record.create`). */
  event: z.string().nullable(),
  status: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRowView = z.infer<typeof auditRow>;
export const auditPage = z.object({
  list: z.array(auditRow),
  total: z.number().int(),
  retentionDays: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** Query of a signed file URL: expiry (unix seconds) and the HMAC over uuid and expiry. */
export const fileSignatureQuery = z.object({
  exp: z.string().regex(/^\d{1,12}$/),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});
