import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.js';

/** Folder of the committed SQL migrations, next to this file in source and in the bundle. */
export function migrationsFolder(): string {
  const candidates = [new URL('./migrations', import.meta.url), new URL('./db/migrations', import.meta.url)];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(p)) return p;
  }
  throw new Error('SQL migrations folder not found');
}

/** Applies every committed migration not yet applied (idempotent). */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

let shipped: number | undefined;
/** Migrations this build carries (drizzle's journal), read once. */
export function shippedMigrations(): number {
  shipped ??= (
    JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return shipped;
}
