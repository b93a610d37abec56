import wechatBindingErrors from './errors/wechat-binding.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { reportLanguageSchema } from './report.js';

/**
 * WeChat official-account binding and report push (docs/member.md "WeChat binding", issue 21
 * item 4). Range 14400xx.
 */
export const WECHAT_BIND_ERRORS = defineErrors(wechatBindingErrors);

export const WECHAT_BIND_PATHS = {
  /** POST (member): a new one-time scene code and its QR link. */
  create: '/backend/member/wechat/bind',
  /** GET (member): the caller's binding state. */
  mine: '/backend/member/wechat/mine',
  /** GET (member, owner only): the outcome of one scene code. */
  status: (scene: string) => `/backend/member/wechat/bind/${scene}`,
  /** POST (member who may see the record): push the finished report to the bound member. */
  pushReport: (recordId: string) => `/backend/member/wechat/push/${recordId}`,
  /** GET (URL check, echostr) and POST (event push) from WeChat: the signature is the credential. */
  callback: '/backend/wechat/mp/callback',
} as const;

/** 24 URL-safe characters: the scene code in the QR code and in /bandWeChatSuccess/:idCode. */
export const sceneCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'scene code');

export const wechatBindingStatusSchema = z.enum(['pending', 'bound', 'conflict', 'expired']);
export type WechatBindingStatus = z.infer<typeof wechatBindingStatusSchema>;

export const wechatBindingSchema = z.object({
  scene: z.string(),
  status: wechatBindingStatusSchema,
  /** What the QR code encodes (WeChat's ticket URL); only in the answer that created the code. */
  qrUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type WechatBinding = z.infer<typeof wechatBindingSchema>;

export const wechatMineSchema = z.object({ bound: z.boolean() });

export const wechatPushBodySchema = z.object({ lang: reportLanguageSchema.optional() });
export const wechatPushResultSchema = z.object({ msgid: z.number().nullable() });

/** The callback's query: WeChat signs timestamp and nonce with the account's server token. */
export const wechatCallbackQuerySchema = z.object({
  signature: z.string().max(80).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(200).optional(),
  openid: z.string().max(64).optional(),
});
