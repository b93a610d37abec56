import { eq } from 'drizzle-orm';
import { AUTH_ERRORS } from '@tcm/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

export interface WechatProfile {
  openid: string;
  unionid: string | null;
  nickname: string | null;
  headImage: string | null;
}

interface WechatError {
  errcode?: number;
  errmsg?: string;
}

/** GETs a WeChat API path; a non-zero errcode or a transport failure becomes WECHAT_FAILED with WeChat's msg. */
async function wechatGet<T>(cfg: AppConfig['wechat'], path: string, params: Record<string, string>): Promise<T> {
  const url = `${cfg.apiBase}${path}?${new URLSearchParams(params).toString()}`;
  let body: T & WechatError;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    body = (await res.json()) as T & WechatError;
  } catch (e) {
    throw new AppError(AUTH_ERRORS.WECHAT_FAILED, `WeChat unreachable: ${(e as Error).message}`);
  }
  if (body.errcode)
    throw new AppError(AUTH_ERRORS.WECHAT_FAILED, `${body.errmsg ?? 'WeChat error'} (${body.errcode})`, {
      errcode: body.errcode,
    });
  return body;
}

/**
 * WeChat web OAuth (official-account / open-platform protocol): code -> access_token + openid
 * (sns/oauth2/access_token), then the profile (sns/userinfo).
 */
export async function exchangeWechatCode(cfg: AppConfig['wechat'], code: string): Promise<WechatProfile> {
  const tok = await wechatGet<{ access_token: string; openid: string; unionid?: string }>(
    cfg,
    '/sns/oauth2/access_token',
    {
      appid: cfg.appId,
      secret: cfg.appSecret,
      code,
      grant_type: 'authorization_code',
    },
  );
  if (!tok.access_token || !tok.openid)
    throw new AppError(AUTH_ERRORS.WECHAT_FAILED, 'WeChat answered without access_token/openid');
  const info = await wechatGet<{ openid: string; nickname?: string; headimgurl?: string; unionid?: string }>(
    cfg,
    '/sns/userinfo',
    {
      access_token: tok.access_token,
      openid: tok.openid,
      lang: 'zh_CN',
    },
  );
  return {
    openid: tok.openid,
    unionid: info.unionid ?? tok.unionid ?? null,
    nickname: info.nickname ?? null,
    headImage: info.headimgurl ?? null,
  };
}

export async function findWechatUser(db: Db, openid: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.wechatOpenId, openid))
    .then((r) => r[0]);
}

/** Finds the account bound to this WeChat user or creates a member account for it (the "init user"). */
export async function findOrCreateWechatUser(db: Db, p: WechatProfile) {
  const existing = await findWechatUser(db, p.openid);
  if (existing) return existing;
  const [created] = await db
    .insert(users)
    .values({
      entrance: 'member',
      loginName: `wx_${p.openid}`,
      name: p.nickname ?? 'WeChat user',
      headImage: p.headImage,
      wechatOpenId: p.openid,
      wechatUnionId: p.unionid,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent first login created it in between: read that one.
  return created ?? (await findWechatUser(db, p.openid))!;
}
