import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/**
 * Who holds an embedded data folder: written into `<folder>.lock` (e.g. DATA_DIR/db.lock).
 * `procStart` (Linux: the process's start time in clock ticks since boot, /proc/<pid>/stat field
 * 22) and `bootId` tell a live holder from another process that later got the same pid.
 */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  procStart?: string;
  bootId?: string;
}

/** A refusal: another process holds the folder (or the lock file cannot be judged). */
export class DataLockError extends Error {}

export interface DataLock {
  path: string;
  /** Removes the lock file when it is still ours (idempotent). */
  release(): void;
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

function procStartOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

const bootId = (): string | undefined => readText('/proc/sys/kernel/random/boot_id')?.trim();

function me(): LockHolder {
  const procStart = procStartOf(process.pid);
  const boot = bootId();
  return {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    ...(procStart ? { procStart } : {}),
    ...(boot ? { bootId: boot } : {}),
  };
}

/**
 * Whether the recorded holder is gone. Only judged on this host (another host's pid says
 * nothing here): its pid is not running, or a process runs under that pid that started at another
 * time or in another boot (the pid was reused after a kill -9 or a reboot).
 */
export function holderIsGone(h: LockHolder): boolean {
  if (h.host !== hostname()) return false;
  if (h.bootId && bootId() && h.bootId !== bootId()) return true;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    // EPERM: a process of another user runs under that pid: alive as far as we can tell.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const now = procStartOf(h.pid);
  return Boolean(h.procStart && now && now !== h.procStart);
}

export function describeHolder(h: LockHolder): string {
  return `pid ${h.pid} on host ${h.host}, started ${h.startedAt}`;
}

function parseHolder(text: string | undefined): LockHolder | undefined {
  if (text === undefined) return undefined;
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.startedAt === 'string')
      return h as LockHolder;
  } catch {
    // An unreadable lock is judged below, not here.
  }
  return undefined;
}

/** A takeover guard older than this was left by a process killed mid-takeover (which takes ms). */
const GUARD_STALE_MS = 10_000;

/**
 * Removes the stale lock whose text is `seen`, under a guard folder (mkdir is atomic): two
 * processes that both found the same stale lock must not both remove a lock, or the slower one
 * would remove the faster one's fresh lock. Inside the guard the lock is read again and removed
 * only when it is still the one judged stale. Returns false when another process holds the guard.
 */
function removeStale(path: string, seen: string): boolean {
  const guard = `${path}.takeover`;
  try {
    mkdirSync(guard);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const age = Date.now() - (statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > GUARD_STALE_MS) rmSync(guard, { recursive: true, force: true });
    return false;
  }
  try {
    if (readText(path) === seen) unlinkSync(path);
    return true;
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Takes the exclusive lock of the embedded data folder `folder` (DATA_DIR/db) before anything
 * opens it: PGlite has no lock of its own, and two processes on one folder each kept their own
 * view and overwrote the other's files (issue 35 item 1: a record answered 200 then vanished; the
 * folder later failed to open). The lock file appears whole or not at all (written aside, then
 * hard-linked into place: link fails when the name exists). A lock left by a killed process on
 * this host is taken over; a live holder, or one on another host, is refused with its pid, host
 * and start time.
 */
export function acquireDataLock(folder: string): DataLock {
  const path = `${folder}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const text = JSON.stringify(me());
  const aside = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(aside, text, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        linkSync(aside, path);
        return lockHandle(path, text);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = readText(path);
      if (seen === undefined) continue;
      const holder = parseHolder(seen);
      if (!holder)
        throw new DataLockError(
          `the embedded database in ${folder} is locked by ${path}, which cannot be read; if no server runs on this folder, remove that file`,
        );
      if (!holderIsGone(holder))
        throw new DataLockError(
          `the embedded database in ${folder} is in use by ${describeHolder(holder)}. ` +
            `Stop that server first, or give this one another DATA_DIR. ` +
            (holder.host === hostname()
              ? `(${path} names that process.)`
              : `If that host no longer runs the server, remove ${path}.`),
        );
      if (!removeStale(path, seen)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
    throw new DataLockError(`could not take ${path}: other processes keep taking it over`);
  } finally {
    unlinkSync(aside);
  }
}

function lockHandle(path: string, text: string): DataLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never a lock another process took after ours was judged stale.
    if (readText(path) === text) unlinkSync(path);
  };
  // A crash (uncaught error, process.exit) still leaves no lock; kill -9 does, judged stale later.
  process.on('exit', release);
  return { path, release };
}
