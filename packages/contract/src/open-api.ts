import openApiErrors from './errors/open-api.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { corporationH5Schema } from './h5-branding.js';
import {
  detectionKindSchema,
  inquiryAnswersSchema,
  recordPersonSchema,
  recordProgressSchema,
  recordStatusSchema,
} from './records.js';
import { failureSchema, recordResultsSchema } from './results.js';
import { reportLanguageSchema } from './report.js';
import { vitalsSchema } from './vitals.js';

/**
 * The Open API for partners (issue 25 items 1, 2; docs/open-api.md): corporations and their app
 * keys in the back-office, signed requests under /backend/openapi/v1.
 */

export const OPEN_API_ERRORS = defineErrors(openApiErrors);

export const OPEN_API_BASE = '/backend/openapi/v1';

export const OPEN_API_PATHS = {
  submit: `${OPEN_API_BASE}/analysis`,
  task: (id: string) => `${OPEN_API_BASE}/analysis/${id}`,
  usage: `${OPEN_API_BASE}/usage`,
  document: `${OPEN_API_BASE}/openapi.json`,
} as const;

/** Back-office calls (bearer, sys entrance). */
export const CORPORATION_PATHS = {
  list: '/backend/sys/v1/corporation/list',
  add: '/backend/sys/v1/corporation/add',
  edit: '/backend/sys/v1/corporation/edit',
  keys: (id: string) => `/backend/sys/v1/corporation/keys/${id}`,
  keyAdd: '/backend/sys/v1/corporation/key/add',
  keyRotate: (id: string) => `/backend/sys/v1/corporation/key/rotate/${id}`,
  keyRevoke: (id: string) => `/backend/sys/v1/corporation/key/revoke/${id}`,
  usage: (id: string) => `/backend/sys/v1/corporation/usage/${id}`,
} as const;

export const CORPORATION_BUTTONS = {
  /** Listing corporations and their usage: issue 35 item 5. */
  view: 'sysCorp-view',
  add: 'sysCorp-add',
  edit: 'sysCorp-edit',
  keys: 'sysCorp-keys',
} as const;

/** The signature headers (lower case, as Node reads them). */
export const OPEN_API_HEADERS = {
  key: 'x-tcm-key',
  timestamp: 'x-tcm-timestamp',
  nonce: 'x-tcm-nonce',
  contentSha256: 'x-tcm-content-sha256',
  signature: 'x-tcm-signature',
} as const;

/** Seconds a request's timestamp may differ from the server clock. */
export const OPEN_API_TIMESTAMP_WINDOW_S = 300;

/**
 * The string a request signs: method, path with query as sent, timestamp, nonce and the body's
 * SHA-256 (hex), one per line. Signature = hex HMAC-SHA256(secret, this).
 */
export const openApiStringToSign = (p: {
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  contentSha256: string;
}) => [p.method.toUpperCase(), p.path, p.timestamp, p.nonce, p.contentSha256].join('\n');

// ---- back-office ----

export const corporationFlagsSchema = z.object({
  /** Spec §3 corporation menu flags. */
  api: z.boolean(),
  h5: z.boolean(),
  wx: z.boolean(),
});

export const corporationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  contact: z.string().nullable(),
  flags: corporationFlagsSchema,
  enabled: z.boolean(),
  /** Branding and return-URL allow-list of the H5 capture page (issue 25 item 3). */
  h5: corporationH5Schema,
  activeKeys: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Corporation = z.infer<typeof corporationSchema>;

export const corporationAddBody = z.object({
  name: z.string().trim().min(1).max(100),
  contact: z.string().trim().max(200).optional(),
  flags: corporationFlagsSchema.default({ api: true, h5: false, wx: false }),
});

export const corporationEditBody = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(100).optional(),
  contact: z.string().trim().max(200).optional(),
  flags: corporationFlagsSchema.partial().optional(),
  enabled: z.boolean().optional(),
  h5: corporationH5Schema.partial().optional(),
});

export const corporationIdParams = z.object({ id: z.string().uuid() });

export const appKeySchema = z.object({
  id: z.string().uuid(),
  corporationId: z.string().uuid(),
  appKey: z.string(),
  label: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
  rateLimitPerMin: z.number().int(),
  dailyQuota: z.number().int(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AppKey = z.infer<typeof appKeySchema>;

/** A key with its secret: answered once, at creation and at each rotation. */
export const appKeyCredentialsSchema = appKeySchema.extend({ secret: z.string() });
export type AppKeyCredentials = z.infer<typeof appKeyCredentialsSchema>;

export const appKeyAddBody = z.object({
  corporationId: z.string().uuid(),
  label: z.string().trim().max(100).optional(),
  rateLimitPerMin: z.number().int().min(1).max(100000).default(60),
  dailyQuota: z.number().int().min(1).max(10000000).default(1000),
});

export const OPEN_API_OPERATIONS = ['submit', 'task', 'usage', 'h5'] as const;
export const openApiOperationSchema = z.enum(OPEN_API_OPERATIONS);

/** Calls of one UTC day: per operation, and how many of them answered an error. */
export const usageDaySchema = z.object({
  day: z.string(),
  calls: z.partialRecord(openApiOperationSchema, z.number().int()),
  errors: z.number().int(),
  analyses: z.number().int(),
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const corporationUsageQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const corporationUsageSchema = z.object({ days: z.array(usageDaySchema) });

// ---- the partner API ----

const base64 = z.string().min(1).max(16_000_000);

/** One capture file, Base64 (standard alphabet) of its bytes; `name` helps the pulse reader (e.g. ppg-125hz.csv). */
export const openApiCaptureSchema = z.object({ data: base64, name: z.string().trim().max(200).optional() });

export const openApiSubmitBody = z.object({
  captures: z
    .object({
      tongue: openApiCaptureSchema.optional(),
      face: openApiCaptureSchema.optional(),
      pulse: openApiCaptureSchema.optional(),
      voice: openApiCaptureSchema.optional(),
    })
    .default({}),
  /** Questionnaire answers (item id → 1..5); needs `person.sex`. */
  answers: inquiryAnswersSchema.shape.answers.optional(),
  person: recordPersonSchema.default({}),
  vitals: vitalsSchema.optional(),
  kind: detectionKindSchema.default('normal'),
  lang: reportLanguageSchema.default('zh'),
  /** A repeat of the same body with the same key answers the first task (no second analysis). */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/)
    .optional(),
  /** Called (POST, signed) once the analysis is done or failed; retried with back-off. */
  webhookUrl: z.string().url().max(2000).optional(),
});
export type OpenApiSubmitBody = z.input<typeof openApiSubmitBody>;

export const openApiTaskParams = z.object({ taskId: z.string().uuid() });

export const openApiTaskSchema = z.object({
  taskId: z.string().uuid(),
  status: recordStatusSchema,
  progress: recordProgressSchema.nullable(),
  /** Typed engine results (packages/contract/src/results.ts); empty until engines finish. */
  results: recordResultsSchema.nullable(),
  conclusion: z.string().nullable(),
  failure: failureSchema.nullable(),
  /** The PDF report (open link by the record's unguessable token) once done. */
  reportUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** True when this answer repeats an earlier submission with the same idempotency key. */
  replayed: z.boolean(),
});
export type OpenApiTask = z.infer<typeof openApiTaskSchema>;

export const openApiUsageSchema = z.object({
  day: z.string(),
  analyses: z.number().int(),
  dailyQuota: z.number().int(),
  rateLimitPerMin: z.number().int(),
});

/** The webhook's body: the task as the poll answers it, and the event name. */
export const openApiWebhookSchema = z.object({ event: z.literal('analysis.finished'), task: openApiTaskSchema });
