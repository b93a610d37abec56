import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUDIT_ERRORS, FILE_PATHS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import type { UrlSigner } from '../../services.js';

/** Longest life of a signed file URL (issue 25 item 5: at most 15 minutes). */
export const MAX_SIGNED_URL_TTL_S = 15 * 60;

/**
 * Short-lived file URLs (docs/security.md §12): `/backend/file/<uuid>?exp=<unix s>&sig=<HMAC>`.
 * The HMAC-SHA256 covers the file id and the expiry, so a signature opens that one file until
 * then and nothing else; resize parameters (`w`, `h`) stay free. The key comes from the server
 * configuration (FILE_URL_KEY, else generated once into DATA_DIR/secrets.json).
 */
export class FileSigner implements UrlSigner {
  constructor(
    private readonly key: string,
    readonly ttlS: number,
  ) {
    if (ttlS < 1 || ttlS > MAX_SIGNED_URL_TTL_S) throw new Error(`signed URL life must be 1-${MAX_SIGNED_URL_TTL_S} s`);
  }

  private mac(fileId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`file:${fileId.toLowerCase()}:${exp}`).digest('base64url');
  }

  /**
   * The signed URL of a file. The expiry is rounded up to a whole minute so that the URLs of one
   * page stay the same between two quick calls (the browser cache keeps them), never past the TTL.
   */
  url(fileId: string, nowMs = Date.now()): string {
    const exp = Math.floor(nowMs / 60_000) * 60 + this.ttlS;
    return `${FILE_PATHS.view(fileId)}?exp=${exp}&sig=${this.mac(fileId, exp)}`;
  }

  /** Throws 4600002 for a signature not made here for this file and expiry, 4600001 past its expiry. */
  verify(fileId: string, exp: string, sig: string, nowMs = Date.now()): void {
    const expS = Number(exp);
    const want = Buffer.from(this.mac(fileId, expS));
    const got = Buffer.from(sig);
    if (!Number.isSafeInteger(expS) || got.length !== want.length || !timingSafeEqual(got, want))
      throw new AppError(AUDIT_ERRORS.FILE_SIGNATURE_INVALID);
    // A far-future expiry cannot be signed here (the TTL bounds it), so a valid one is at most ttlS away.
    if (expS * 1000 <= nowMs) throw new AppError(AUDIT_ERRORS.FILE_SIGNATURE_EXPIRED);
  }
}
