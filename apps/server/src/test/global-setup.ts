import type { TestProject } from 'vitest/node';
import { openDatabase, startEmbeddedPostgres } from '../db/client.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { runMigrations } from '../db/migrate.js';
import { seedIfEmpty } from '../seed/seed.js';

/** Password of the seeded accounts in the test database. */
export const SEED_PASSWORD_FOR_TESTS = 'seed-password-for-tests';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One database for the whole server suite: DATABASE_URL when set (the PostgreSQL run of
 * scripts/test.sh), else an in-memory PGlite on a socket. Migrations are applied once here.
 */
export default async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    // A few connections: a test may hold two apps (one pool of one connection each) at once.
    const embedded = await startEmbeddedPostgres(undefined, 4);
    url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(embedded.host)}`;
    stop = () => embedded.stop();
  }
  const database = await openDatabase({ databaseUrl: url });
  await runMigrations(database.db);
  // Roles and menus the tests grant come from the real seed.
  await seedIfEmpty(
    database.db,
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tcm-seed-')), SEED_PASSWORD: SEED_PASSWORD_FOR_TESTS }),
  );
  await database.pool.end();
  project.provide('databaseUrl', url);
  return async () => {
    await stop?.();
  };
}
