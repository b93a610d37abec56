import h5Errors from './errors/h5.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { OPEN_API_BASE } from './open-api.js';
import { recordPersonSchema } from './records.js';
import { reportLanguageSchema } from './report.js';
export * from './h5-branding.js';

/**
 * The H5 capture page for partners (issue 25 item 3; docs/open-api.md "H5 capture page"): a
 * partner with the corporation flag `h5` asks, through a signed Open API call, for a short-lived
 * one-use link; the person opens it on a phone, takes a tongue photo, sees the explained result
 * and goes back to the partner's URL. Range 4510001-4510099.
 */
export const H5_ERRORS = defineErrors(h5Errors);

export const H5_PATHS = {
  /** Signed Open API call (X-Tcm-* headers): a new one-use link for one person. */
  session: `${OPEN_API_BASE}/h5/session`,
  /** Open: the link's token is the credential (256 bits, hashed in the database). */
  open: (token: string) => `/backend/portal/h5/${token}`,
  submit: (token: string) => `/backend/portal/h5/${token}/submit`,
} as const;

/** The web page of a link, a route of the web app (served under PUBLIC_WEB_URL, else /pc on the API's host). */
export const h5PagePath = (token: string) => `/h5/${token}`;

/** Query parameters the page appends to the partner's return URL (signed; docs/open-api.md). */
export const H5_RETURN_PARAMS = { task: 'tcm_task', state: 'tcm_state', ts: 'tcm_ts', sig: 'tcm_sig' } as const;

/** What the return signature covers: hex HMAC-SHA256(app secret, this). */
export const h5ReturnStringToSign = (p: { taskId: string; state: string; ts: string }) =>
  ['h5.return', p.taskId, p.state, p.ts].join('\n');

export const H5_TTL_S = { default: 900, min: 60, max: 3600 } as const;
export const h5SessionBody = z.object({
  /** Where the page sends the person when done; its origin must be on the allow-list. */
  returnUrl: z.string().max(2000),
  /** Opaque value of the partner (an order id…), handed back signed on return. */
  state: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{0,128}$/)
    .default(''),
  person: recordPersonSchema.default({}),
  lang: reportLanguageSchema.default('zh'),
  expiresInS: z.number().int().min(H5_TTL_S.min).max(H5_TTL_S.max).default(H5_TTL_S.default),
});
export type H5SessionBody = z.input<typeof h5SessionBody>;

export const h5SessionSchema = z.object({
  /** PUBLIC_WEB_URL + `/h5/{token}`; without PUBLIC_WEB_URL `/pc/h5/{token}`, on the API's own host. */
  url: z.string(),
  expiresAt: z.string(),
});
export type H5Session = z.infer<typeof h5SessionSchema>;

export const h5TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** What the page shows before the capture. */
export const h5PageSchema = z.object({
  brandName: z.string(),
  colour: z.string(),
  logo: z.string().nullable(),
  /** The corporation has the `wx` flag: the page shows its WeChat hints. */
  wx: z.boolean(),
  lang: reportLanguageSchema,
  expiresAt: z.string(),
});
export type H5Page = z.infer<typeof h5PageSchema>;

const capture = z.object({ data: z.string().min(1).max(16_000_000), name: z.string().trim().max(200).optional() });

export const h5SubmitBody = z.object({
  /** Base64 of the photos (the Open API's capture shape); the tongue is required. */
  captures: z.object({ tongue: capture.optional(), face: capture.optional() }),
  /** The reader's language at submission (the report's); default: the link's. */
  lang: reportLanguageSchema.optional(),
});
export type H5SubmitBody = z.input<typeof h5SubmitBody>;

export const h5SubmittedSchema = z.object({
  taskId: z.string().uuid(),
  /** The record's share token: the page follows the analysis through the open result routes. */
  shareToken: z.string(),
  /** The partner's URL with the signed task parameters; null when its origin left the allow-list. */
  returnUrl: z.string().nullable(),
});
export type H5Submitted = z.infer<typeof h5SubmittedSchema>;
