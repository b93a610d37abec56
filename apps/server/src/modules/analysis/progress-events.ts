import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECORD_EVENTS, type RecordProgress, isFinishedStatus } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { openEventStream } from '../../http/event-stream.js';
import { progressOf } from '../records/records.presenter.js';
import { findRecord } from '../records/records.repo.js';

const POLL_MS = 250;
const PING_MS = 15000;

/**
 * Server-sent events of a record's progress: `progress` at once and on every change, `end`
 * when done or failed, then the stream closes. Progress is read from the database, so it works
 * whichever process runs the job; this process's own changes wake the stream at once.
 */
export async function streamProgress(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  recordId: string,
): Promise<void> {
  const { res, closed } = openEventStream(request, reply);
  const send = (event: string, data: RecordProgress) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let last = '';
  let lastWrite = Date.now();
  try {
    while (!closed()) {
      const r = await findRecord(ctx.db, recordId);
      if (!r) break;
      const p = progressOf(r);
      const key = JSON.stringify(p);
      if (key !== last) {
        send(RECORD_EVENTS.progress, p);
        last = key;
        lastWrite = Date.now();
      }
      if (isFinishedStatus(p.status)) {
        send(RECORD_EVENTS.end, p);
        break;
      }
      if (Date.now() - lastWrite > PING_MS) {
        res.write(': ping\n\n');
        lastWrite = Date.now();
      }
      await ctx.analysis.waitChange(recordId, POLL_MS);
    }
  } catch (e) {
    request.log.error({ err: e }, 'progress stream failed');
  } finally {
    res.end();
  }
}
