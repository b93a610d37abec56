import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  H5_ERRORS,
  H5_RETURN_PARAMS as P,
  h5PagePath,
  h5ReturnStringToSign,
  openApiSubmitBody,
  type H5Page,
  type H5Session,
  type H5Submitted,
  type h5SessionBody,
  type h5SubmitBody,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { corporations, h5Sessions, openApiKeys, openApiTasks } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { audit, findRecord } from '../records/records.repo.js';
import { hmacHex, sha256Hex, type OpenApiCaller } from '../open-api/signature.js';
import { submitPartnerCapture } from '../open-api/tasks.service.js';
import { allowedReturnUrl } from './h5-branding.js';

type SessionRow = typeof h5Sessions.$inferSelect;
type CorporationRow = typeof corporations.$inferSelect;
type KeyRow = typeof openApiKeys.$inferSelect;

/**
 * A partner's signed call: a one-use link for one person (docs/open-api.md "H5 capture page").
 * The return URL is checked against the corporation's allow-list here, before any link exists.
 */
export async function createSession(
  ctx: AppContext,
  caller: OpenApiCaller,
  body: z.infer<typeof h5SessionBody>,
  ip: string,
): Promise<H5Session> {
  const [corp] = await ctx.db.select().from(corporations).where(eq(corporations.id, caller.corporationId));
  if (!corp || !allowedReturnUrl(body.returnUrl, corp.h5ReturnOrigins))
    throw new AppError(H5_ERRORS.RETURN_URL_REFUSED, undefined, { allowed: corp?.h5ReturnOrigins ?? [] });
  // 256 random bits; only their hash is stored.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + body.expiresInS * 1000);
  const [row] = await ctx.db
    .insert(h5Sessions)
    .values({
      tokenHash: sha256Hex(token),
      keyId: caller.key.id,
      corporationId: caller.corporationId,
      returnUrl: body.returnUrl,
      state: body.state,
      person: body.person,
      lang: body.lang,
      expiresAt,
    })
    .returning({ id: h5Sessions.id });
  await audit(ctx.db, {
    action: 'h5.session.create',
    targetId: row!.id,
    ip,
    detail: { corporationId: caller.corporationId, keyId: caller.key.id },
  });
  // PUBLIC_WEB_URL carries the web app's /pc base (docs/server.md); without it, the path on this server.
  const base = ctx.config.wechat.publicWebUrl ?? '/pc';
  return { url: `${base}${h5PagePath(token)}`, expiresAt: expiresAt.toISOString() };
}

interface OpenSession {
  session: SessionRow;
  corporation: CorporationRow;
  key: KeyRow;
}

/** The link of a token, refused when unknown, used, expired, or when the partner lost the page. */
async function openSession(ctx: AppContext, token: string): Promise<OpenSession> {
  const [row] = await ctx.db
    .select({ session: h5Sessions, corporation: corporations, key: openApiKeys })
    .from(h5Sessions)
    .innerJoin(corporations, eq(corporations.id, h5Sessions.corporationId))
    .innerJoin(openApiKeys, eq(openApiKeys.id, h5Sessions.keyId))
    .where(eq(h5Sessions.tokenHash, sha256Hex(token)));
  if (!row) throw new AppError(H5_ERRORS.LINK_NOT_FOUND);
  if (row.session.usedAt) throw new AppError(H5_ERRORS.LINK_USED);
  if (row.session.expiresAt.getTime() <= Date.now()) throw new AppError(H5_ERRORS.LINK_EXPIRED);
  if (!row.corporation.enabled || !row.corporation.menuH5 || row.key.status !== 'active')
    throw new AppError(H5_ERRORS.H5_NOT_ENABLED);
  return row;
}

export async function openPage(ctx: AppContext, token: string): Promise<H5Page> {
  const { session, corporation: c } = await openSession(ctx, token);
  return {
    brandName: c.h5BrandName || c.name,
    colour: c.h5Color,
    logo: c.h5Logo,
    wx: c.menuWx,
    lang: session.lang,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** The partner's URL with the task, its state, a time and their signature (HMAC with the app secret). */
export function signedReturnUrl(url: URL, secret: string, taskId: string, state: string, now = Date.now()): string {
  const ts = String(Math.floor(now / 1000));
  const out = new URL(url);
  out.searchParams.set(P.task, taskId);
  out.searchParams.set(P.state, state);
  out.searchParams.set(P.ts, ts);
  out.searchParams.set(P.sig, hmacHex(secret, h5ReturnStringToSign({ taskId, state, ts })));
  return out.toString();
}

/**
 * The person's submission: takes the link (one use, atomically), then the Open API's own
 * `submitPartnerCapture` as the link's key (same checks, quota, record path and task); a submission
 * that fails gives the link back so that another photo can be tried.
 */
export async function submitCapture(
  ctx: AppContext,
  token: string,
  body: z.infer<typeof h5SubmitBody>,
  ip: string,
): Promise<H5Submitted> {
  const { session, key } = await openSession(ctx, token);
  if (!body.captures.tongue) throw new AppError(H5_ERRORS.TONGUE_REQUIRED);
  const [taken] = await ctx.db
    .update(h5Sessions)
    .set({ usedAt: new Date() })
    .where(and(eq(h5Sessions.id, session.id), isNull(h5Sessions.usedAt), gt(h5Sessions.expiresAt, new Date())))
    .returning({ id: h5Sessions.id });
  if (!taken) throw new AppError(H5_ERRORS.LINK_USED);
  const secret = ctx.openApi.box.open(key.secretEnc);
  const caller: OpenApiCaller = {
    key,
    secret,
    corporationId: session.corporationId,
    // No idempotency key: the one-use link is what keeps a submission single.
    contentSha256: sha256Hex(`h5:${session.id}`),
    operation: 'h5',
  };
  let taskId: string;
  try {
    const submitted = openApiSubmitBody.parse({
      captures: body.captures,
      person: session.person,
      lang: body.lang ?? session.lang,
    });
    taskId = (await submitPartnerCapture(ctx, caller, submitted, ip)).taskId;
  } catch (e) {
    await ctx.db.update(h5Sessions).set({ usedAt: null }).where(eq(h5Sessions.id, session.id));
    throw e;
  }
  await ctx.db.update(h5Sessions).set({ taskId }).where(eq(h5Sessions.id, session.id));
  const [t] = await ctx.db.select().from(openApiTasks).where(eq(openApiTasks.id, taskId));
  const record = t?.recordId ? await findRecord(ctx.db, t.recordId) : undefined;
  // The allow-list in force now: an origin the partner removed since the link was made is not used.
  const [corp] = await ctx.db.select().from(corporations).where(eq(corporations.id, session.corporationId));
  const back = allowedReturnUrl(session.returnUrl, corp?.h5ReturnOrigins ?? []);
  return {
    taskId,
    shareToken: record!.shareToken,
    returnUrl: back ? signedReturnUrl(back, secret, taskId, session.state) : null,
  };
}
