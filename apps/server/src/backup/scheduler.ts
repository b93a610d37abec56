import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { backupRuns } from '../db/schema/index.js';
import { createBackup, type BackupTarget, type SecretsToSeal } from './backup.js';
import { pruneBackups, type BackupFile } from './backup-files.js';

export interface BackupSchedule {
  /** Hours between dumps; 0 = no scheduled dumps. */
  intervalH: number;
  /** The first slot of each day, UTC. */
  at: { h: number; m: number };
  dir: string;
  keep: number;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** How often a process looks whether a slot is due (cheap: one insert that usually conflicts). */
const TICK_MS = 60_000;

/** The latest slot at or before `now`: BACKUP_AT today (UTC) plus a whole number of intervals. */
export function currentSlot(now: Date, s: Pick<BackupSchedule, 'intervalH' | 'at'>): Date {
  const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), s.at.h, s.at.m);
  const step = s.intervalH * 3600_000;
  return new Date(base + Math.floor((now.getTime() - base) / step) * step);
}

/**
 * Makes a dump at every slot of the schedule. A slot is claimed by inserting its row in
 * `backup_runs`: with several processes on one database exactly one of them dumps it. A slot
 * missed while no server ran is made at the next start (the latest slot only).
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly target: BackupTarget,
    private readonly schedule: BackupSchedule,
    private readonly log: Log,
    /** The server's keys and passphrase sealed into each dump (BACKUP_PASSPHRASE); unset: dumps without them. */
    private readonly seal?: () => SecretsToSeal,
  ) {}

  start(): void {
    if (this.schedule.intervalH <= 0) return;
    const loop = () => {
      this.running = this.tick().catch((e: unknown) => this.log.error({ err: e }, 'backup failed'));
      this.timer = setTimeout(loop, TICK_MS);
      this.timer.unref();
    };
    loop();
  }

  /** Stops the clock and waits for a dump in progress (the shutdown's own limit bounds the wait). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Dumps the slot of `now` when no process has claimed it; the new file, or undefined. */
  async tick(now = new Date()): Promise<BackupFile | undefined> {
    const slot = currentSlot(now, this.schedule);
    const claimed = await this.db
      .insert(backupRuns)
      .values({ slot, host: hostname() })
      .onConflictDoNothing()
      .returning({ slot: backupRuns.slot });
    if (!claimed.length) return undefined;
    try {
      const file = await createBackup(this.target, this.schedule.dir, now, this.seal?.());
      await this.db
        .update(backupRuns)
        .set({ finishedAt: new Date(), file: file.name, bytes: file.bytes })
        .where(eq(backupRuns.slot, slot));
      const removed = pruneBackups(this.schedule.dir, this.schedule.keep);
      this.log.info({ file: file.name, bytes: file.bytes, secrets: file.secrets, removed }, 'backup written');
      return file;
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      await this.db.update(backupRuns).set({ finishedAt: new Date(), error }).where(eq(backupRuns.slot, slot));
      throw e;
    }
  }
}
