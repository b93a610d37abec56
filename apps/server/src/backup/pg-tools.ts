import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where Debian's postgresql-client-15 puts its tools; PATH is tried when this is missing. */
const DEBIAN_PG15 = '/usr/lib/postgresql/15/bin';

/**
 * The PostgreSQL client tool `name` (pg_dump, pg_restore): `$PG_BIN_DIR/name` when set, else
 * Debian's version-15 folder, else the PATH. pg_dump must not be older than the server
 * (docs/deploy.md "Backups").
 */
export function pgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.PG_BIN_DIR || (existsSync(join(DEBIAN_PG15, name)) ? DEBIAN_PG15 : '');
  return dir ? join(dir, name) : name;
}

/**
 * The URL without its password, and the password for PGPASSWORD: a password on the command
 * line would show in every `ps` listing of the host.
 */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}

/** Runs a client tool against `url`; rejects with the tool's own error text. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { url: bare, password } = splitPassword(url);
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool(name), [...args, `--dbname=${bare}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', (e) => reject(new Error(`${name} could not start (${e.message}); set PG_BIN_DIR`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${stderr.trim()}`)),
    );
  });
}
