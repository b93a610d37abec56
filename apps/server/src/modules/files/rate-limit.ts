import type { FastifyRequest } from 'fastify';
import { HTTP_ERRORS, type ErrorDef } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import type { RequestLimit } from '../../services.js';

/**
 * Per-IP limit in a fixed one-minute window in this process; over it the request fails with
 * `error` (a 429). Behind several processes each counts its own (docs/records.md).
 */
export class PerIpMinuteLimit implements RequestLimit {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly error: ErrorDef = HTTP_ERRORS.RATE_LIMITED,
  ) {}

  check(request: FastifyRequest): void {
    if (this.perMinute <= 0) return;
    const w = Math.floor(Date.now() / 60000);
    if (w !== this.window) {
      this.window = w;
      this.counts.clear();
    }
    const n = (this.counts.get(request.ip) ?? 0) + 1;
    this.counts.set(request.ip, n);
    if (n > this.perMinute) throw new AppError(this.error);
  }
}

/**
 * Uploads that need no sign-in (visitor capture, portal upload): enough to keep one client
 * from filling the disk or the analysis queue.
 */
export class PublicUploadLimit extends PerIpMinuteLimit {}
