import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { backupRuns } from '../db/schema/index.js';
import { secretsFileOf } from './backup-files.js';
import { openSecrets } from './secrets-box.js';
import { BackupScheduler, currentSlot, type BackupSchedule } from './scheduler.js';

const log = { info: () => undefined, error: () => undefined };

describe('backup schedule', () => {
  let a: Database;
  let b: Database;
  const dir = mkdtempSync(join(tmpdir(), 'tcm-bk-sched-'));
  beforeAll(async () => {
    // Two processes' pools on one database.
    a = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
    b = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
  });
  afterAll(async () => {
    await a.pool.end();
    await b.pool.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('places slots at BACKUP_AT (UTC) plus whole intervals, the latest one at or before now', () => {
    const daily = { intervalH: 24, at: { h: 3, m: 0 } };
    expect(currentSlot(new Date('2026-11-26T10:00:00Z'), daily).toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(currentSlot(new Date('2026-11-26T02:59:59Z'), daily).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    const sixHourly = { intervalH: 6, at: { h: 3, m: 30 } };
    expect(currentSlot(new Date('2026-11-26T02:00:00Z'), sixHourly).toISOString()).toBe('2026-11-25T21:30:00.000Z');
    expect(currentSlot(new Date('2026-11-26T15:29:00Z'), sixHourly).toISOString()).toBe('2026-11-26T09:30:00.000Z');
  });

  it('two processes on one database dump a slot once; the next slot dumps again and only BACKUP_KEEP files stay', async () => {
    // A year no other run of the suite uses, so the slots are free.
    const year = 3000 + Math.floor(Math.random() * 5000);
    const schedule: BackupSchedule = { intervalH: 1, at: { h: 0, m: 0 }, dir, keep: 1 };
    let dumps = 0;
    const target = {
      kind: 'pglite' as const,
      dataDir: dir,
      dump: async () => {
        dumps++;
        return new Blob([`dump ${dumps}`]);
      },
    };
    const first = new BackupScheduler(a.db, target, schedule, log);
    const second = new BackupScheduler(b.db, target, schedule, log);
    const at = new Date(`${year}-01-01T05:10:00Z`);
    const made = await Promise.all([first.tick(at), second.tick(new Date(at.getTime() + 1000))]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(dumps).toBe(1);
    const slot = new Date(`${year}-01-01T05:00:00Z`);
    const [row] = await a.db.select().from(backupRuns).where(eq(backupRuns.slot, slot));
    expect(row).toMatchObject({ file: made.find(Boolean)!.name, error: null });
    expect(row!.finishedAt).toBeInstanceOf(Date);

    const later = await second.tick(new Date(`${year}-01-01T06:00:05Z`));
    expect(later?.name).toBe(`tcm-${year}0101T060005Z.pglite.tar.gz`);
    expect(readdirSync(dir)).toEqual([later!.name]);
    expect(readFileSync(join(dir, later!.name), 'utf8')).toBe('dump 2');
  });

  it('records a failed dump with its error and leaves no partial file', async () => {
    const year = 3000 + Math.floor(Math.random() * 5000);
    const failing = new BackupScheduler(
      a.db,
      { kind: 'postgres', url: 'postgresql://nobody@127.0.0.1:1/none' },
      { intervalH: 24, at: { h: 3, m: 0 }, dir, keep: 0 },
      log,
    );
    const before = readdirSync(dir);
    await expect(failing.tick(new Date(`${year}-06-01T04:00:00Z`))).rejects.toThrow(/pg_dump/);
    const [row] = await a.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.slot, new Date(`${year}-06-01T03:00:00Z`)));
    expect(row!.error).toMatch(/pg_dump/);
    expect(readdirSync(dir)).toEqual(before);
  });

  it('with BACKUP_PASSPHRASE each dump has its sealed keys beside it; a failed dump leaves neither', async () => {
    const year = 3000 + Math.floor(Math.random() * 5000);
    const sealed = mkdtempSync(join(tmpdir(), 'tcm-bk-sealed-'));
    const values = { jwtSecret: 'j'.repeat(48), fileUrlKey: 'f'.repeat(43) };
    const seal = () => ({ values, passphrase: 'scheduled passphrase' });
    const schedule = { intervalH: 24, at: { h: 3, m: 0 }, dir: sealed, keep: 0 };
    try {
      const target = { kind: 'pglite' as const, dataDir: sealed, dump: async () => new Blob(['dump']) };
      const made = await new BackupScheduler(a.db, target, schedule, log, seal).tick(
        new Date(`${year}-03-01T04:00:00Z`),
      );
      expect(made?.secrets).toBe(true);
      expect(await openSecrets(readFileSync(secretsFileOf(made!.path), 'utf8'), 'scheduled passphrase')).toEqual(
        values,
      );
      const failing = new BackupScheduler(
        a.db,
        { kind: 'postgres', url: 'postgresql://nobody@127.0.0.1:1/none' },
        schedule,
        log,
        seal,
      );
      await expect(failing.tick(new Date(`${year}-03-02T04:00:00Z`))).rejects.toThrow(/pg_dump/);
      expect(readdirSync(sealed).sort()).toEqual([made!.name, `${made!.name}.secrets`]);
    } finally {
      rmSync(sealed, { recursive: true, force: true });
    }
  });
});
