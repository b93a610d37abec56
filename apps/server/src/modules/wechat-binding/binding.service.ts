import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import {
  MEMBER_ACCOUNT_ERRORS,
  RECORD_ERRORS,
  WECHAT_BIND_ERRORS,
  type ReportLanguage,
  type WechatBinding,
  conclusionText,
  formatDate,
  hasResults,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { users, wechatBindings, wechatEventNonces } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { assertCanSee } from '../records/access.js';
import { audit, findRecord } from '../records/records.repo.js';
import { hasStopped, unsubscribeToken } from '../member-accounts/unsubscribe.service.js';
import { assertConfigured, createSceneQr, sendTemplate } from './mp-client.js';

/** How long a binding QR code works (WeChat allows up to 30 days; a binding is done on the spot). */
export const BIND_TTL_S = 600;
/** Pushes whose timestamp is further than this from now are refused (and nonces kept this long). */
export const PUSH_WINDOW_S = 300;

type BindingRow = typeof wechatBindings.$inferSelect;

const present = (b: BindingRow, qrUrl: string | null = null): WechatBinding => ({
  scene: b.scene,
  status: b.status === 'pending' && b.expiresAt.getTime() <= Date.now() ? 'expired' : b.status,
  qrUrl,
  expiresAt: b.expiresAt.toISOString(),
});

/** A new one-time scene code for the caller and WeChat's QR code for it. */
export async function createBinding(ctx: AppContext, p: Principal): Promise<WechatBinding> {
  assertConfigured(ctx.config.wechat);
  const scene = randomBytes(18).toString('base64url');
  // WeChat first: no row for a code that has no QR code.
  const qrUrl = await createSceneQr(ctx.config.wechat, scene, BIND_TTL_S);
  const [row] = await ctx.db
    .insert(wechatBindings)
    .values({ scene, userId: p.user.id, expiresAt: new Date(Date.now() + BIND_TTL_S * 1000) })
    .returning();
  return present(row!, qrUrl);
}

/** The outcome of one of the caller's scene codes (another member's code: 403). */
export async function bindingStatus(ctx: AppContext, p: Principal, scene: string): Promise<WechatBinding> {
  const [row] = await ctx.db.select().from(wechatBindings).where(eq(wechatBindings.scene, scene));
  if (!row) throw new AppError(WECHAT_BIND_ERRORS.BINDING_NOT_FOUND);
  if (row.userId !== p.user.id) throw new AppError(WECHAT_BIND_ERRORS.BINDING_FORBIDDEN);
  return present(row);
}

/** WeChat's signature check, in constant time. */
export function signatureValid(token: string, q: { signature?: string; timestamp?: string; nonce?: string }) {
  if (!token || !q.signature || !q.timestamp || !q.nonce) return false;
  const want = createHash('sha1').update([token, q.timestamp, q.nonce].sort().join('')).digest('hex');
  const got = Buffer.from(q.signature.toLowerCase());
  return got.length === want.length && timingSafeEqual(got, Buffer.from(want));
}

/**
 * Accepts a signed push once: refuses a signature that does not match or a timestamp outside the
 * window (403), and answers false for a nonce already seen within it (a replay: ignored).
 */
export async function acceptPush(
  ctx: AppContext,
  q: { signature?: string; timestamp?: string; nonce?: string },
): Promise<boolean> {
  if (!signatureValid(ctx.config.wechat.mpToken, q)) throw new AppError(WECHAT_BIND_ERRORS.SIGNATURE_INVALID);
  const age = Math.abs(Date.now() / 1000 - Number(q.timestamp));
  if (!(age <= PUSH_WINDOW_S)) throw new AppError(WECHAT_BIND_ERRORS.SIGNATURE_INVALID, 'timestamp outside the window');
  // Nonces older than the window can go: their timestamps are refused above anyway.
  await ctx.db
    .delete(wechatEventNonces)
    .where(lt(wechatEventNonces.receivedAt, new Date(Date.now() - 2 * PUSH_WINDOW_S * 1000)));
  const fresh = await ctx.db
    .insert(wechatEventNonces)
    .values({ nonce: q.nonce!, timestamp: q.timestamp! })
    .onConflictDoNothing()
    .returning();
  return fresh.length === 1;
}

/** The fields of WeChat's flat XML push (CDATA or plain text), at most one level deep. */
export function parsePushXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of xml.matchAll(/<([A-Za-z]+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g))
    out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}

/**
 * A subscribe or SCAN event of a binding QR code: the first one decides a pending, unexpired
 * code (the code is one-time); the WeChat account is bound unless another account holds it.
 */
export async function handleEvent(ctx: AppContext, xml: Record<string, string>): Promise<void> {
  if (xml.MsgType !== 'event' || !['subscribe', 'SCAN'].includes(xml.Event ?? '')) return;
  const scene = (xml.EventKey ?? '').replace(/^qrscene_/, '');
  const openId = xml.FromUserName;
  if (!scene || !openId) return;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(wechatBindings)
      .set({ status: 'bound', openId, decidedAt: new Date() })
      .where(
        and(
          eq(wechatBindings.scene, scene),
          eq(wechatBindings.status, 'pending'),
          gt(wechatBindings.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) return;
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.wechatOpenId, openId), ne(users.id, row.userId)));
    if (holder) {
      await tx.update(wechatBindings).set({ status: 'conflict' }).where(eq(wechatBindings.id, row.id));
      return;
    }
    await tx.update(users).set({ wechatOpenId: openId }).where(eq(users.id, row.userId));
  });
}

/** Whether the caller's account has a WeChat account bound. */
export async function isBound(ctx: AppContext, p: Principal): Promise<boolean> {
  const [u] = await ctx.db.select({ openId: users.wechatOpenId }).from(users).where(eq(users.id, p.user.id));
  return !!u?.openId;
}

const TEXT = {
  zh: { first: '您的健康检测报告已生成', remark: '点击查看报告', stop: '不再接收此类通知：' },
  en: { first: 'Your health check report is ready', remark: 'Tap to open the report', stop: 'To stop these notices: ' },
} as const;

/**
 * Pushes a finished report as a template message to the member it is about, linking to its
 * /checked/pdf page. The caller must be allowed to see the record (another team's: 403).
 */
export async function pushReport(
  ctx: AppContext,
  p: Principal,
  recordId: string,
  lang: ReportLanguage | undefined,
  ip: string,
): Promise<{ msgid: number | null }> {
  const r = assertCanSee(p, await findRecord(ctx.db, recordId));
  if (!hasResults(r.status)) throw new AppError(RECORD_ERRORS.RECORD_NOT_READY);
  const cfg = ctx.config.wechat;
  const memberId = r.subjectUserId ?? (r.source === 'member' ? r.ownerUserId : null);
  if (!memberId) throw new AppError(WECHAT_BIND_ERRORS.NO_MEMBER);
  const [member] = await ctx.db.select({ openId: users.wechatOpenId }).from(users).where(eq(users.id, memberId));
  if (!member?.openId) throw new AppError(WECHAT_BIND_ERRORS.NOT_BOUND);
  // The member stopped these notices by the link in an earlier one (issue 33 item 5).
  if (await hasStopped(ctx.db, memberId, 'report-ready')) throw new AppError(MEMBER_ACCOUNT_ERRORS.MESSAGES_STOPPED);
  assertConfigured(cfg);
  if (!cfg.reportTemplateId || !cfg.publicWebUrl) throw new AppError(WECHAT_BIND_ERRORS.NOT_CONFIGURED);
  const l = lang ?? r.lang;
  const stop = unsubscribeToken(ctx.config, memberId, 'report-ready');
  const msgid = await sendTemplate(cfg, {
    touser: member.openId,
    template_id: cfg.reportTemplateId,
    url: `${cfg.publicWebUrl}/checked/pdf?token=${encodeURIComponent(r.shareToken)}&lang=${l}`,
    data: {
      first: { value: TEXT[l].first },
      keyword1: { value: r.personName ?? '' },
      keyword2: { value: formatDate(r.finishedAt ?? r.createdAt, 'zh') },
      keyword3: { value: conclusionText(r.conclusion, l) ?? '' },
      remark: {
        value: `${TEXT[l].remark}
${TEXT[l].stop}${cfg.publicWebUrl}/unsubscribe/post?token=${stop}`,
      },
    },
  });
  await audit(ctx.db, {
    action: 'wechat.push',
    actorUserId: p.user.id,
    targetId: r.id,
    ip,
    detail: { to: memberId, msgid },
  });
  return { msgid };
}
