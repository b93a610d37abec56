import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMISSION_ERRORS, LANGUAGE_HEADER, MAX_UPLOAD_BYTES, OPS_PATHS } from '@tcm/contract';
import { fail, msgLang } from './envelope.js';

export interface AdmissionSettings {
  /** Requests worked on at once in this process; 0 = no limit (the code before issue 25 item 7). */
  inFlight: number;
  /** Requests waiting for a free place, their bodies unread; more are refused at once. */
  waiting: number;
  /** Longest wait for a place, ms; a request that waited longer is refused. */
  waitMs: number;
}

/** The largest body a refusal reads to its end before answering: an upload and its form around it. */
const DRAIN_LIMIT_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/** Seconds a refused client is asked to wait: overload here is a matter of moments. */
export const SHED_RETRY_AFTER_S = 1;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Place {
  /** Counted among the requests in flight now. */
  held: boolean;
  /** The response has closed (sent or the client went away): never counted again. */
  closed: boolean;
}

interface Waiter {
  req: IncomingMessage;
  res: ServerResponse;
  since: number;
}

/** Open like a load balancer needs them, and they must answer while the server sheds. */
const EXEMPT = new Set<string>([OPS_PATHS.healthz, OPS_PATHS.readyz]);
const pathOf = (url: string | undefined) => {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
};

/** The refusal, built once per language: shedding must cost next to nothing. */
const REFUSAL = {
  zh: Buffer.from(JSON.stringify(fail(ADMISSION_ERRORS.SERVER_BUSY, 'zh'))),
  en: Buffer.from(JSON.stringify(fail(ADMISSION_ERRORS.SERVER_BUSY, 'en'))),
};

/**
 * Bounded admission (issue 25 item 7): at most `inFlight` requests are worked on at once, up to
 * `waiting` more wait in turn (at most `waitMs`), and any beyond are answered 503 4009101 with
 * Retry-After at once. It sits in front of Fastify on the raw `http` server (app.ts
 * `serverFactory`), so a refusal costs no routing, hooks, logging or body parsing: a body up to an
 * upload's size is read to nothing before the answer (so the client, still sending, gets the 503
 * rather than a broken pipe); a larger one is not read and its connection is closed. Without it an open-loop
 * flood piled up as sockets until the process ran out of file descriptors and its database
 * failed every query (docs/server.md "Mixed traffic").
 *
 * A request leaves the count when it no longer works (an event stream, an upload waiting at the
 * upload gate, which bounds those itself) and may come back (`rejoin`, beyond the cap: it was
 * admitted once).
 */
export class Admission {
  private active = 0;
  private refused = 0;
  private readonly queue: Waiter[] = [];
  private readonly places = new WeakMap<IncomingMessage, Place>();
  private sweeper: NodeJS.Timeout | undefined;
  /** Fastify's request handler, handed over by the server factory (app.ts). */
  private next: Handler = () => undefined;

  constructor(private readonly s: AdmissionSettings) {}

  /** The raw server's request listener in front of Fastify's `handler`. */
  listener(handler: Handler): Handler {
    this.next = handler;
    return (req, res) => this.handle(req, res);
  }

  /** Requests counted in flight, waiting, and refused so far (tests, metrics). */
  get state(): { inFlight: number; waiting: number; refused: number } {
    return { inFlight: this.active, waiting: this.queue.length, refused: this.refused };
  }

  /** Admit, queue or refuse, then hand on to Fastify. */
  private handle(req: IncomingMessage, res: ServerResponse): void {
    if (this.s.inFlight <= 0 || EXEMPT.has(pathOf(req.url))) return this.next(req, res);
    if (this.active < this.s.inFlight && this.queue.length === 0) return this.admit(req, res);
    if (this.queue.length >= this.s.waiting) return this.refuse(req, res);
    // A client that gives up while waiting is skipped when its turn comes (its response is closed).
    this.queue.push({ req, res, since: performance.now() });
    this.startSweeper();
  }

  /** The request stops counting (it waits on something bounded elsewhere, or streams for long). */
  leave(req: IncomingMessage): void {
    const place = this.places.get(req);
    if (!place?.held) return;
    place.held = false;
    this.active--;
    this.pump();
  }

  /** A request that left counts again; it may exceed the cap (it was admitted once). */
  rejoin(req: IncomingMessage): void {
    const place = this.places.get(req);
    if (!place || place.held || place.closed) return;
    place.held = true;
    this.active++;
  }

  /** Shutdown: every waiting request is refused (the listener is closing). */
  drain(): void {
    for (const w of this.queue.splice(0)) this.refuse(w.req, w.res);
    this.stopSweeper();
  }

  private admit(req: IncomingMessage, res: ServerResponse): void {
    const place: Place = { held: true, closed: false };
    this.places.set(req, place);
    this.active++;
    // 'close' comes once the response is sent or the connection is gone, whichever first.
    res.once('close', () => {
      place.closed = true;
      if (!place.held) return;
      place.held = false;
      this.active--;
      this.pump();
    });
    this.next(req, res);
  }

  /** Hands free places to the waiting requests in turn; those that waited too long are refused. */
  private pump(): void {
    const now = performance.now();
    while (this.queue.length && this.active < this.s.inFlight) {
      const w = this.queue.shift()!;
      if (w.res.closed || w.req.destroyed) continue;
      if (now - w.since > this.s.waitMs) this.refuse(w.req, w.res);
      else this.admit(w.req, w.res);
    }
    this.expire(now);
    if (!this.queue.length) this.stopSweeper();
  }

  /** Refuses the waiting requests past `waitMs` (the oldest are first in the queue). */
  private expire(now: number): void {
    while (this.queue.length) {
      const w = this.queue[0]!;
      const gone = w.res.closed || w.req.destroyed;
      if (!gone && now - w.since <= this.s.waitMs) return;
      this.queue.shift();
      if (!gone) this.refuse(w.req, w.res);
    }
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    // A place may not free for a while (all slow requests): refuse late waiters on time anyway.
    const every = Math.max(10, Math.min(100, this.s.waitMs / 5));
    this.sweeper = setInterval(() => this.pump(), every);
    this.sweeper.unref();
  }

  private stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private refuse(req: IncomingMessage, res: ServerResponse): void {
    this.refused++;
    const header = req.headers[LANGUAGE_HEADER];
    const lang = msgLang((Array.isArray(header) ? header[0] : header) || req.headers['accept-language']);
    const body = REFUSAL[lang];
    const length = Number(req.headers['content-length'] ?? '0');
    const chunked = req.headers['transfer-encoding'] !== undefined;
    const answer = (close: boolean) => {
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
        'retry-after': String(SHED_RETRY_AFTER_S),
        ...(close ? { connection: 'close' } : {}),
      });
      res.end(body);
    };
    if (!chunked && length > 0 && length <= DRAIN_LIMIT_BYTES) {
      // A body of an upload's size is read to nothing first, then answered: closing on a client
      // still sending it gave that client EPIPE (an error) instead of the 503 (a refusal it can
      // retry). Reading costs a copy, no parsing; the connection stays usable.
      req.resume();
      req.once('end', () => answer(false));
      return;
    }
    // A body too large (or of unknown length) to read for nothing: close rather than drain it.
    answer(chunked || length > 0);
  }
}
