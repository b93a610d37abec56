import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { purgeBefore } from './audit.repo.js';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Runs the retention purge once: rows older than `retentionDays` are deleted, and the purge itself
 * leaves a row (`audit.purge`, actor `system`, the count and the cut-off) that is not older than
 * the cut-off, so the trail shows when history was cut. 0 days keeps every row.
 */
export async function purgeAudit(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  if (retentionDays <= 0) return 0;
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await purgeBefore(db, before);
  if (deleted > 0)
    await db.insert(auditLog).values({
      action: 'audit.purge',
      actorKind: 'system',
      entity: 'audit',
      verb: 'purge',
      status: 200,
      detail: { deleted, before: before.toISOString(), retentionDays },
    });
  return deleted;
}

/**
 * The scheduled purge: shortly after start, then hourly, in every process (a DELETE by time is
 * safe to run twice; the second one finds nothing and writes no row).
 */
export class AuditPurge {
  private timer: NodeJS.Timeout | undefined;
  constructor(
    private readonly db: () => Db,
    private readonly retentionDays: number,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = HOUR_MS,
    private readonly firstMs = 60_000,
  ) {}

  start(): void {
    if (this.retentionDays <= 0) return;
    const run = () => {
      purgeAudit(this.db(), this.retentionDays).then(
        (n) => n && this.log.info({ deleted: n }, 'audit log purged'),
        (e: unknown) => this.log.error({ err: e }, 'audit purge failed'),
      );
      this.timer = setTimeout(run, this.everyMs);
      this.timer.unref();
    };
    this.timer = setTimeout(run, this.firstMs);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
