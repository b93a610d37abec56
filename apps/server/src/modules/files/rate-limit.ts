import type { FastifyRequest } from 'fastify';
import { HTTP_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';

/**
 * Per-IP limit of the uploads that need no sign-in (visitor detection, portal upload): a fixed
 * one-minute window in this process. Enough to keep one client from filling the disk or the
 * analysis queue; behind several processes each counts its own (docs/records.md).
 */
export class PublicUploadLimit {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(private readonly perMinute: number) {}

  check(request: FastifyRequest): void {
    if (this.perMinute <= 0) return;
    const w = Math.floor(Date.now() / 60000);
    if (w !== this.window) {
      this.window = w;
      this.counts.clear();
    }
    const n = (this.counts.get(request.ip) ?? 0) + 1;
    this.counts.set(request.ip, n);
    if (n > this.perMinute) throw new AppError(HTTP_ERRORS.RATE_LIMITED);
  }
}
