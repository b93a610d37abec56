import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Synchronous HS256 verification of a compact JWT with node:crypto, for the access token checked
 * on every private call. jose's `jwtVerify` does the same checks through WebCrypto, whose HMAC is
 * a thread-pool job with promises around it: ~5 µs of work cost tens of µs of CPU per call
 * (docs/server.md "List at 1 M records", the profile). Signing stays with jose (once per sign-in).
 *
 * It accepts what `jwtVerify(token, secret, { issuer, algorithms: ['HS256'] })` accepts and refuses
 * the rest: three base64url segments; a JSON object header with `alg` HS256 and no `crit`
 * (jose refuses any critical extension it was not told about, `b64` included); the HMAC over
 * `header.payload`; a JSON object payload whose `iss` is the issuer, whose `iat`, `nbf`, `exp` are
 * numbers when present, not before `nbf`, and strictly before `exp` (in whole seconds, no
 * tolerance, as jose counts).
 */
export class Hs256Verifier {
  private readonly key: KeyObject;

  constructor(
    secret: Uint8Array,
    private readonly issuer: string,
  ) {
    this.key = createSecretKey(secret);
  }

  /** The claims, or null for any token that is not ours, not intact or not valid now. */
  verify(token: string, nowMs = Date.now()): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [h, p, s] = parts as [string, string, string];
    if (!SEGMENT.test(h) || !SEGMENT.test(p) || !SEGMENT.test(s)) return null;
    const given = Buffer.from(s, 'base64url');
    const expected = createHmac('sha256', this.key).update(`${h}.${p}`).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const header = jsonObject(h);
    if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
    const claims = jsonObject(p);
    if (!claims || claims.iss !== this.issuer) return null;
    const now = Math.floor(nowMs / 1000);
    const iat = numericDate(claims.iat);
    const nbf = numericDate(claims.nbf);
    const exp = numericDate(claims.exp);
    if (iat === false || nbf === false || exp === false) return null;
    if (nbf !== undefined && nbf > now) return null;
    if (exp !== undefined && exp <= now) return null;
    return claims;
  }
}

/** Unpadded base64url, as JWS compact serialisation writes it. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A NumericDate claim: absent (undefined), a number, or malformed (false). */
const numericDate = (v: unknown): number | undefined | false =>
  v === undefined ? undefined : typeof v === 'number' ? v : false;
