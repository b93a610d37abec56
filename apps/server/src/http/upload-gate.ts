import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOAD_ERRORS } from '@tcm/contract';
import { AppError } from './app-error.js';

export interface UploadGateSettings {
  /** Multipart requests whose body is read and checked at once; 0 = no limit. */
  inFlight: number;
  /** Requests waiting for a slot before the answer is 503 4005001. */
  waiting: number;
  /** Longest wait for a slot, ms (then 503 4005001 too). */
  waitMs: number;
}

/**
 * Bounds the uploads one process works on at once (issue 25 item 7, upload burst). Each upload's
 * body is buffered (≤ 10 MB, twice while it is joined) and then decoded (a JPEG or PNG several
 * times its size in libvips; pulse, WAV and BMP in an engine child): hundreds at once grew the
 * process by a gigabyte and starved light requests. A request waiting for a slot has not read
 * its body — the socket's backpressure holds the rest in the client — so waiting costs nothing;
 * beyond `waiting` (or `waitMs`) the answer is 503 4005001 with Retry-After, before the body.
 */
export class UploadGate {
  private active = 0;
  private readonly queue: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly s: UploadGateSettings) {}

  get busy(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.queue.length };
  }

  /** An upload arriving now would wait for a slot (or be refused). */
  get full(): boolean {
    return this.s.inFlight > 0 && this.active >= this.s.inFlight;
  }

  /** Resolves with the slot's release, or throws 503 4005001. */
  async acquire(): Promise<() => void> {
    if (this.s.inFlight <= 0) return () => undefined;
    if (this.active < this.s.inFlight) {
      this.active++;
      return this.releaser();
    }
    if (this.queue.length >= this.s.waiting) throw busy();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(entry), 1);
          reject(busy());
        }, this.s.waitMs),
      };
      this.queue.push(entry);
    });
    return this.releaser();
  }

  /** Once only: the slot passes to the next waiter, or frees. */
  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      if (next) next.grant();
      else this.active--;
    };
  }
}

const RETRY_AFTER_S = 2;
const busy = () => new AppError(LOAD_ERRORS.UPLOADS_BUSY, undefined, { retryAfterS: RETRY_AFTER_S });

/** The routes that read a multipart body (they declare `schema.consumes`). */
function readsMultipart(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return !!consumes?.includes('multipart/form-data') && request.isMultipart();
}

/**
 * Every multipart route passes the gate in a preHandler: after the guard (401/403 come first,
 * docs/auth.md "Guard order") and before the handler reads the body. The slot is released when
 * the answer is sent or the client goes away.
 */
export function registerUploadGate(app: FastifyInstance, gate: UploadGate): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!readsMultipart(request)) return;
    // Waiting here (bounded by this gate, body unread) costs nothing: it holds no admission place.
    const waits = gate.full;
    if (waits) request.server.ctx.admission.leave(request.raw);
    try {
      const release = await gate.acquire();
      reply.raw.once('close', release);
    } catch (e) {
      reply.header('retry-after', String(RETRY_AFTER_S));
      // The body stays unread: close the connection rather than drain megabytes we refuse.
      reply.header('connection', 'close');
      throw e;
    } finally {
      if (waits) request.server.ctx.admission.rejoin(request.raw);
    }
  });
}
