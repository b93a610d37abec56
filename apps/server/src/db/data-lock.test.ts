import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock, DataLockError, type LockHolder } from './data-lock.js';

const temp: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), 'tcm-lock-'));
  temp.push(d);
  return join(d, 'db');
};
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that ran and is gone. */
const deadPid = () => Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));

const writeLock = (dir: string, h: Partial<LockHolder>) =>
  writeFileSync(
    `${dir}.lock`,
    JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z', ...h }),
  );

describe('embedded data folder lock', () => {
  it('a second taker is refused with the folder, pid, host and start time; released, the folder is free again', () => {
    const dir = folder();
    const lock = acquireDataLock(dir);
    const holder = JSON.parse(readFileSync(`${dir}.lock`, 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => acquireDataLock(dir)).toThrow(DataLockError);
    expect(() => acquireDataLock(dir)).toThrow(
      new RegExp(`${dir}.*in use by pid ${process.pid} on host ${hostname()}, started ${holder.startedAt}`),
    );
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    acquireDataLock(dir).release();
  });

  it('takes over a lock whose process is gone, or whose pid now belongs to another process', () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    acquireDataLock(dir).release();
    // Our own pid, but recorded with another start time: the pid was reused after a kill -9.
    writeLock(dir, { procStart: '1' });
    acquireDataLock(dir).release();
    // Another boot of this host: every pid of the lock's time is gone.
    writeLock(dir, { bootId: 'an-earlier-boot' });
    acquireDataLock(dir).release();
  });

  it("refuses another host's lock (its pid says nothing here) and a lock it cannot read", () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid(), host: 'other-host' });
    expect(() => acquireDataLock(dir)).toThrow(/in use by pid \d+ on host other-host.*remove .*db\.lock/);
    writeFileSync(`${dir}.lock`, 'not json');
    expect(() => acquireDataLock(dir)).toThrow(/cannot be read/);
  });

  it('of processes racing for one stale lock, exactly one takes it', async () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    const lockModule = fileURLToPath(new URL('./data-lock.ts', import.meta.url));
    // A taker holds what it got until the parent has heard every answer (its stdin ends), so
    // every other one meets it live however slowly the processes start on a loaded machine.
    const script = `
      const { acquireDataLock } = await import(${JSON.stringify(lockModule)});
      try {
        const l = acquireDataLock(${JSON.stringify(dir)});
        console.log('got');
        process.stdin.on('end', () => { l.release(); process.exit(0); });
        process.stdin.resume();
      } catch (e) { console.log('refused'); process.exit(0); }`;
    const children = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const exits = children.map((c) => new Promise<void>((resolve) => c.on('exit', () => resolve())));
    const runs = children.map(
      (child) =>
        new Promise<string>((resolve) => {
          let out = '';
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.includes('\n')) resolve(out.trim());
          });
          child.on('exit', () => resolve(out.trim()));
        }),
    );
    const answers = await Promise.all(runs);
    for (const c of children) c.stdin.end();
    await Promise.all(exits);
    expect(answers.sort()).toEqual(['got', 'refused', 'refused', 'refused', 'refused', 'refused']);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 60_000);
});
