import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/**
 * A repair test's own in-memory PGlite, migrated and empty (the repairs change shared tables:
 * menus, translations). Read `.db` inside the tests.
 */
export function useFreshDatabase(): { readonly db: Database['db'] } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await runMigrations(database.db);
  }, 120000);
  afterAll(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error('the database opens in beforeAll');
      return database.db;
    },
  };
}
