import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AuditRows } from '../../services.js';

export type AuditInsert = typeof auditLog.$inferInsert;

/**
 * Audit rows of the request path, written after the reply in batches (docs/security.md §11): a
 * request only pushes its row; one insert per `flushMs` (or per `maxRows`) writes them all, so a
 * list or detail call pays no database round trip for its audit row. A crash loses at most the
 * last `flushMs` of rows; the app flushes on close.
 */
export class AuditBuffer implements AuditRows {
  private rows: AuditInsert[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: () => Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 200,
    private readonly maxRows = 500,
  ) {}

  push(row: AuditInsert): void {
    this.rows.push(row);
    if (this.rows.length >= this.maxRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes every pushed row; resolves when they (and earlier batches) are in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows.splice(0);
    this.writing = this.writing.then(async () => {
      if (!batch.length) return;
      try {
        await this.db().insert(auditLog).values(batch);
      } catch (e) {
        // Never fail a reply over its audit row; the loss itself is logged loudly.
        this.log.error({ err: e, rows: batch.length }, 'audit rows lost');
      }
    });
    return this.writing;
  }
}
