import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HTTP_ERRORS } from '@tcm/contract';
import { AppError } from '../../http/app-error.js';
import { resizeImage, type ResizeRequest } from '../../http/image-resize.js';
import { PerIpMinuteLimit } from './rate-limit.js';
import type { StoredFileRow } from './files.service.js';
import { storageKey, type FileStorage } from './storage.js';

/** Sources above this many pixels are served as they are: resizing them costs too much CPU. */
export const RESIZE_MAX_SOURCE_PIXELS = 25_000_000;
/** Resizes that may wait for a slot, per slot; past that the caller gets 429 at once. */
const WAITING_PER_SLOT = 4;

export type ResizeCache = 'hit' | 'miss' | 'none';

/**
 * The storage key of a resized variant: a UUID-shaped digest of file id and box, so it lives in
 * the same storage (local folder or S3) under the same key rules as the originals.
 */
export function resizedKey(fileId: string, r: ResizeRequest): string {
  const h = createHash('sha256')
    .update(`resized:${fileId}:${r.width ?? ''}x${r.height ?? ''}`)
    .digest('hex');
  return storageKey(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`);
}

/**
 * Resized image variants for the open file URL (docs/security.md §10d). A size is computed
 * once and then read from storage; computing one is limited per client IP and minute, and at
 * most `concurrency` run at once with a short queue, so anonymous callers cannot tie up the CPU.
 */
export class ResizedImages {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly perIp: PerIpMinuteLimit;

  constructor(
    private readonly storage: FileStorage,
    private readonly opts: { perMinute: number; concurrency: number },
  ) {
    this.perIp = new PerIpMinuteLimit(opts.perMinute, HTTP_ERRORS.RESIZE_BUSY);
  }

  /** The bytes to serve for `r`, and whether they came from the cache, were made now, or are the original. */
  async variant(
    request: FastifyRequest,
    f: StoredFileRow,
    r: ResizeRequest,
    original: () => Promise<Uint8Array>,
  ): Promise<{ bytes: Uint8Array; cache: ResizeCache }> {
    const tooBig = (f.width ?? 0) * (f.height ?? 0) > RESIZE_MAX_SOURCE_PIXELS;
    if ((!r.width && !r.height) || tooBig) return { bytes: await original(), cache: 'none' };
    const key = resizedKey(f.id, r);
    const cached = await this.storage.get(key);
    if (cached) return { bytes: cached, cache: 'hit' };
    this.perIp.check(request);
    const bytes = await this.inSlot(async () => resizeImage(Buffer.from(await original()), r));
    // A failed cache write costs the next caller a resize, never this answer.
    await this.storage.put(key, bytes, f.mime).catch(() => undefined);
    return { bytes, cache: 'miss' };
  }

  private async inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.opts.concurrency) {
      if (this.waiting.length >= this.opts.concurrency * WAITING_PER_SLOT) throw new AppError(HTTP_ERRORS.RESIZE_BUSY);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter (running stays counted), else free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
