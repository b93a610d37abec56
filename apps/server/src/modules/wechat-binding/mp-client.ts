import { WECHAT_BIND_ERRORS } from '@tcm/contract';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../http/app-error.js';

type WechatConfig = AppConfig['wechat'];

interface WechatReply {
  errcode?: number;
  errmsg?: string;
}

/** WeChat's errcodes for an access token that is no longer valid: fetch a new one and retry once. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

/** Access tokens per API base and app: WeChat allows few token calls a day, so one is reused until near expiry. */
const tokens = new Map<string, { token: string; until: number }>();

export function assertConfigured(cfg: WechatConfig): void {
  if (!cfg.appId || !cfg.appSecret || !cfg.mpToken) throw new AppError(WECHAT_BIND_ERRORS.NOT_CONFIGURED);
}

async function request<T>(url: string, init?: RequestInit): Promise<T & WechatReply> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    return (await res.json()) as T & WechatReply;
  } catch (e) {
    throw new AppError(WECHAT_BIND_ERRORS.API_FAILED, `WeChat unreachable: ${(e as Error).message}`);
  }
}

const failed = (body: WechatReply) =>
  new AppError(WECHAT_BIND_ERRORS.API_FAILED, `${body.errmsg ?? 'WeChat error'} (${body.errcode})`, {
    errcode: body.errcode,
  });

async function accessToken(cfg: WechatConfig, fresh = false): Promise<string> {
  const key = `${cfg.apiBase} ${cfg.appId}`;
  const cached = tokens.get(key);
  if (cached && !fresh && cached.until > Date.now()) return cached.token;
  const q = new URLSearchParams({ grant_type: 'client_credential', appid: cfg.appId, secret: cfg.appSecret });
  const body = await request<{ access_token?: string; expires_in?: number }>(
    `${cfg.apiBase}/cgi-bin/token?${q.toString()}`,
  );
  if (body.errcode || !body.access_token) throw failed(body);
  // Five minutes early, so a token never expires between reading it here and WeChat checking it.
  tokens.set(key, { token: body.access_token, until: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000 });
  return body.access_token;
}

/** POSTs JSON to an official-account API with the access token; a stale token is renewed once. */
export async function mpPost<T>(cfg: WechatConfig, path: string, payload: object): Promise<T> {
  for (const fresh of [false, true]) {
    const token = await accessToken(cfg, fresh);
    const body = await request<T>(`${cfg.apiBase}${path}?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (!body.errcode) return body;
    if (fresh || !STALE_TOKEN.has(body.errcode)) throw failed(body);
  }
  throw new Error('unreachable');
}

/** A temporary QR code whose scans carry `scene` (QR_STR_SCENE); answers the URL the QR code encodes. */
export async function createSceneQr(cfg: WechatConfig, scene: string, seconds: number): Promise<string> {
  const r = await mpPost<{ ticket?: string; url?: string }>(cfg, '/cgi-bin/qrcode/create', {
    expire_seconds: seconds,
    action_name: 'QR_STR_SCENE',
    action_info: { scene: { scene_str: scene } },
  });
  if (!r.url) throw new AppError(WECHAT_BIND_ERRORS.API_FAILED, 'WeChat answered without a QR url');
  return r.url;
}

/** A template message to one follower; answers WeChat's message id. */
export async function sendTemplate(
  cfg: WechatConfig,
  msg: { touser: string; template_id: string; url: string; data: Record<string, { value: string }> },
): Promise<number | null> {
  const r = await mpPost<{ msgid?: number }>(cfg, '/cgi-bin/message/template/send', msg);
  return r.msgid ?? null;
}
