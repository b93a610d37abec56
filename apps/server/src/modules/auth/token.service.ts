import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { AUTH_ERRORS, SPEC_ERRORS, type Entrance, type TokenResult } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { AccessClaims, Tokens } from '../../services.js';
import { Hs256Verifier } from './access-token.js';

export type { AccessClaims };

export interface TokenSettings {
  secret: Uint8Array;
  accessTtlS: number;
  refreshTtlS: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ISSUER = 'tcm-platform';

/** Issues access JWTs and rotating refresh tokens; one session row per refresh-token family. */
export class TokenService implements Tokens {
  private readonly verifier: Hs256Verifier;

  constructor(
    private readonly db: Db,
    private readonly settings: TokenSettings,
  ) {
    this.verifier = new Hs256Verifier(settings.secret, ISSUER);
  }

  get accessTtlS(): number {
    return this.settings.accessTtlS;
  }

  private async signAccess(userId: string, sessionId: string, entrance: Entrance): Promise<string> {
    return new SignJWT({ sid: sessionId, ent: entrance })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.settings.accessTtlS}s`)
      .sign(this.settings.secret);
  }

  private async newRefresh(sessionId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(refreshTokens).values({
      tokenHash: sha256(token),
      sessionId,
      expiresAt: new Date(Date.now() + this.settings.refreshTtlS * 1000),
    });
    return token;
  }

  /** Opens a new session (token family) for a user who just proved who they are. */
  async issue(userId: string, entrance: Entrance): Promise<TokenResult> {
    const [s] = await this.db.insert(sessions).values({ userId, entrance }).returning({ id: sessions.id });
    if (!s) throw new Error('session insert returned nothing');
    return this.tokensFor(userId, s.id, entrance);
  }

  private async tokensFor(userId: string, sessionId: string, entrance: Entrance): Promise<TokenResult> {
    return {
      access_token: await this.signAccess(userId, sessionId, entrance),
      refresh_token: await this.newRefresh(sessionId),
      token_type: 'bearer',
      expires_in: this.settings.accessTtlS,
      entrance,
    };
  }

  /**
   * Verifies an access token's signature and expiry; the session check is the caller's. Synchronous
   * (node:crypto HMAC, access-token.ts): it runs on every private call.
   */
  verifyAccess(token: string): AccessClaims {
    const payload = this.verifier.verify(token);
    if (
      !payload ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.ent !== 'string' ||
      !payload.exp
    )
      throw new AppError(SPEC_ERRORS.TOKEN_INVALID);
    return {
      userId: payload.sub,
      sessionId: payload.sid,
      entrance: payload.ent as Entrance,
      exp: payload.exp as number,
    };
  }

  /**
   * Rotates a refresh token. A token presented a second time means it leaked: the whole
   * family (session) is revoked and the caller must sign in again.
   */
  async rotate(token: string): Promise<TokenResult> {
    const hash = sha256(token);
    const row = await this.db
      .select({ t: refreshTokens, s: sessions, userStatus: users.status })
      .from(refreshTokens)
      .innerJoin(sessions, eq(refreshTokens.sessionId, sessions.id))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, hash))
      .then((r) => r[0]);
    if (!row || row.s.revokedAt || row.userStatus !== 1) throw new AppError(AUTH_ERRORS.REFRESH_INVALID);
    if (row.t.usedAt) {
      await this.revokeSession(row.s.id, 'refresh-token-reuse');
      throw new AppError(AUTH_ERRORS.REFRESH_INVALID);
    }
    if (row.t.expiresAt.getTime() < Date.now()) throw new AppError(AUTH_ERRORS.REFRESH_INVALID);
    // Conditional update: of two concurrent uses only one wins, the other counts as reuse.
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning({ h: refreshTokens.tokenHash });
    if (claimed.length === 0) {
      await this.revokeSession(row.s.id, 'refresh-token-reuse');
      throw new AppError(AUTH_ERRORS.REFRESH_INVALID);
    }
    return this.tokensFor(row.s.userId, row.s.id, row.s.entrance as Entrance);
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }
}
