import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An open server-sent events response and whether the client has gone. */
export interface EventStream {
  res: ServerResponse;
  // Properties, not methods: callers destructure them (`const { closed } = ...`), which is safe
  // only for functions that do not use `this` (lint: unbound-method).
  closed: () => boolean;
  /** Called once when the client disconnects (to cut a wait short). */
  onClose: (fn: () => void) => void;
}

/**
 * Takes the response over from Fastify and starts a text/event-stream on it, unbuffered by
 * proxies (record progress, the display's live feed).
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  // A stream lasts minutes and works only now and then: it must not hold an admission place.
  request.server.ctx.admission.leave(request.raw);
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
  const finish = () => {
    if (closed) return;
    closed = true;
    for (const fn of listeners) fn();
  };
  request.raw.on('close', finish);
  // A shutdown ends the stream as if the client had gone: its loop stops and ends the response.
  const open = openStreams.get(request.server.ctx) ?? new Set();
  openStreams.set(request.server.ctx, open);
  open.add(finish);
  request.raw.on('close', () => open.delete(finish));
  return { res, closed: () => closed, onClose: (fn) => listeners.push(fn) };
}

/** Each app's open streams (keyed by its context: one process may hold several apps in tests). */
const openStreams = new WeakMap<object, Set<() => void>>();

/**
 * Ends every open stream of an app (graceful shutdown): an event stream never finishes by
 * itself, so the server's close would otherwise wait for it until the shutdown limit. Clients
 * reconnect (EventSource does so by itself) to another process.
 */
export function endEventStreams(owner: object): void {
  for (const finish of [...(openStreams.get(owner) ?? [])]) finish();
}
