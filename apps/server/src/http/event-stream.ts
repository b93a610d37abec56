import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An open server-sent events response and whether the client has gone. */
export interface EventStream {
  res: ServerResponse;
  closed(): boolean;
  /** Called once when the client disconnects (to cut a wait short). */
  onClose(fn: () => void): void;
}

/**
 * Takes the response over from Fastify and starts a text/event-stream on it, unbuffered by
 * proxies (record progress, the display's live feed).
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let closed = false;
  const listeners: Array<() => void> = [];
  request.raw.on('close', () => {
    closed = true;
    for (const fn of listeners) fn();
  });
  return { res, closed: () => closed, onClose: (fn) => listeners.push(fn) };
}
