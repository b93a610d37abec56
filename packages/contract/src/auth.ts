import authErrors from './errors/auth.json' with { type: 'json' };
import { z } from 'zod';
import { powNonce } from './proof-of-work.js';
import { defineErrors } from './errors.js';

/** Auth errors added by this project (spec §8 keeps 1000000 and 1200001 in errors.ts). */
export const AUTH_ERRORS = defineErrors(authErrors);

/** The sign-in entrances of spec §6; each has its own session (spec §4). */
export const ENTRANCES = ['sys', 'member', 'doctor', 'display', 'disease', 'training'] as const;
export const entranceSchema = z.enum(ENTRANCES);
export type Entrance = z.infer<typeof entranceSchema>;

const loginName = z.string().trim().min(1).max(200);
const loginPassword = z.string().min(1).max(200);

/** Form body of POST /backend/auth/user/pwd/signin and the entrance sign-ins. */
export const pwdSigninBody = z.object({ loginName, loginPassword });
export type PwdSigninBody = z.infer<typeof pwdSigninBody>;

/** Tokens returned by every successful sign-in and refresh (spec §3 "Login tokens"). */
export const tokenResult = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Access-token lifetime in seconds. */
  expires_in: z.number().int(),
  entrance: entranceSchema,
});
export type TokenResult = z.infer<typeof tokenResult>;

export const refreshBody = z.object({ refresh_token: z.string().min(16).max(200) });

/** WeChat OAuth code exchange: oauth2Sessionid carries the `code` WeChat redirected with. */
export const wechatExchangeBody = z.object({ oauth2Sessionid: z.string().trim().min(1).max(512) });
export const wechatWithoutUserResult = z.object({
  openid: z.string(),
  unionid: z.string().nullable(),
  nickname: z.string().nullable(),
  headImage: z.string().nullable(),
  bound: z.boolean(),
  /** Tokens of the bound account; null when this WeChat user has no account yet. */
  token: tokenResult.nullable(),
});

/** What every captcha challenge says besides its puzzle: when it expires and the work it asks. */
const challengeTerms = {
  /** Seconds until the challenge expires. */
  expiresIn: z.number().int(),
  /** Zero bits the answer's proof of work must reach (proof-of-work.ts; 0: none asked). */
  powBits: z.number().int(),
};

/**
 * A solved jigsaw: the challenge, the piece's left offset (px) and the proof of work. Spread into
 * every body a jigsaw unlocks (sign-in, member and doctor registration), so all check one answer.
 */
export const jigsawAnswer = {
  captchaId: z.string().uuid(),
  x: z.coerce.number().min(0).max(4096),
  /** Proof-of-work nonce for this challenge (proof-of-work.ts). */
  pow: powNonce,
};

/** Jigsaw captcha challenge: PNG data URLs of the background (with the hole) and the piece. */
export const jigsawChallenge = z.object({
  captchaId: z.string(),
  backgroundImage: z.string(),
  pieceImage: z.string(),
  /** Image sizes and the piece's fixed vertical position, px. */
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  pieceY: z.number().int(),
  ...challengeTerms,
});
export type JigsawChallenge = z.infer<typeof jigsawChallenge>;

/** Answer to a jigsaw challenge: the piece's left offset (px) plus the credentials it unlocks. */
export const jigsawCheckBody = z.object({
  ...jigsawAnswer,
  loginName,
  loginPassword,
  entrance: entranceSchema.default('sys'),
});

/** One sample of the slider trajectory: position px, time ms since press. */
export const dragPoint = z.object({ x: z.number(), y: z.number().default(0), t: z.number() });
/** A drag challenge: the slider width (px) the knob must be dragged across, single use, expiring. */
export const dragChallenge = z.object({
  captchaId: z.string(),
  width: z.number().int(),
  ...challengeTerms,
});
export type DragChallenge = z.infer<typeof dragChallenge>;

/** Decoded `ld` field of the drag-captcha login (base64 of this JSON, docs/auth.md). */
export const dragPayload = z.object({
  /** The challenge from GET /backend/auth/drag/captcha/register this drag answers. */
  captchaId: z.string().uuid(),
  loginName,
  loginPassword,
  entrance: entranceSchema.default('sys'),
  /** Slider track width in px; the knob must reach its end. */
  width: z.number().min(100).max(2000),
  track: z.array(dragPoint).min(5).max(1000),
  /** Proof-of-work nonce for this challenge (proof-of-work.ts). */
  pow: powNonce,
});
export type DragPayload = z.infer<typeof dragPayload>;
