import { existsSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The two kinds of backup file, told apart by name (and checked by their first bytes on restore). */
export type BackupKind = 'postgres' | 'pglite';

const EXT: Record<BackupKind, string> = { postgres: '.pgdump', pglite: '.pglite.tar.gz' };
/** tcm-20261126T030000Z.pgdump: the name sorts by time, which pruning relies on. */
const NAME = /^tcm-(\d{8}T\d{6}Z)(\.pgdump|\.pglite\.tar\.gz)$/;

export interface BackupFile {
  name: string;
  path: string;
  kind: BackupKind;
  bytes: number;
  createdAt: Date;
  /** Whether its sealed secrets file (`<name>.secrets`) lies beside it. */
  secrets: boolean;
}

/** The sealed secrets of a backup (secrets-box.ts) lie beside it under its name plus `.secrets`. */
export const secretsFileOf = (backupPath: string): string => `${backupPath}.secrets`;

export function backupName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `tcm-${stamp}${EXT[kind]}`;
}

export function kindOfName(name: string): BackupKind | undefined {
  if (name.endsWith(EXT.postgres)) return 'postgres';
  if (name.endsWith(EXT.pglite)) return 'pglite';
  return undefined;
}

/** Backups in `folder`, oldest first; other files are not ours and are left out. */
export function listBackups(folder: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const files: BackupFile[] = [];
  for (const name of names.sort()) {
    const m = NAME.exec(name);
    if (!m) continue;
    const path = join(folder, name);
    const s = m[1]!;
    const iso = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`;
    files.push({
      name,
      path,
      kind: kindOfName(name)!,
      bytes: statSync(path).size,
      createdAt: new Date(iso),
      secrets: existsSync(secretsFileOf(path)),
    });
  }
  return files;
}

/** Deletes all but the newest `keep` backups (0 keeps all); returns the names removed. */
export function pruneBackups(folder: string, keep: number): string[] {
  if (keep <= 0) return [];
  const all = listBackups(folder);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const f of old) {
    unlinkSync(f.path);
    rmSync(secretsFileOf(f.path), { force: true });
  }
  return old.map((f) => f.name);
}
