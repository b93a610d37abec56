import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_EVENTS, type DisplayFeedItem } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { openEventStream } from '../../http/event-stream.js';
import * as repo from './display.repo.js';
import { toFeedItem } from './display.service.js';

/** The feed looks for newly finished records this often: a new result shows within about a second. */
export const FEED_POLL_MS = 1000;
const PING_MS = 15_000;
/** Results sent when the screen connects, and at most per poll. */
const FIRST_SCREEN = 10;
const BATCH = 50;

/**
 * Server-sent events of a scope's newly finished records (names masked), as the record progress
 * stream does it (modules/analysis/progress-events.ts): the newest few at once, then each record
 * finished after the last one sent. Read from the database, so it sees every process's work.
 */
export async function streamFeed(db: Db, scope: repo.Scope, request: FastifyRequest, reply: FastifyReply) {
  const { res, closed, onClose } = openEventStream(request, reply);
  let wake: (() => void) | undefined;
  onClose(() => wake?.());
  const send = (item: DisplayFeedItem) => res.write(`event: ${DISPLAY_EVENTS.item}\ndata: ${JSON.stringify(item)}\n\n`);
  let lastWrite = Date.now();
  try {
    // The clock first: a record finishing while the first screen is read comes in the first poll.
    let cursor = await repo.nowCursor(db);
    const first = (await repo.latestFinished(db, scope, FIRST_SCREEN)).reverse();
    const shown = new Set(first.map((r) => r.id));
    for (const r of first) send(toFeedItem(r));
    while (!closed()) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, FEED_POLL_MS);
      });
      if (closed()) break;
      const rows = await repo.finishedAfter(db, scope, cursor, BATCH);
      for (const r of rows) if (!shown.has(r.id)) send(toFeedItem(r));
      shown.clear();
      if (rows.length) {
        cursor = rows[rows.length - 1]!.cursor;
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite > PING_MS) {
        res.write(': ping\n\n');
        lastWrite = Date.now();
      }
    }
  } catch (e) {
    request.log.error({ err: e }, 'display feed failed');
  } finally {
    res.end();
  }
}
