import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { menus } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { CONSOLE_MENUS } from '../seed/menu-tree.js';
import { addAuditMenu } from './audit-menu.js';

/** On its own in-memory PGlite: the repair changes the menu table, which the suite's database shares. */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  await runMigrations(database.db);
}, 120000);
afterAll(() => database.close());

describe('audit-menu repair', () => {
  it('adds the audit page and its two buttons to a console seeded before it, once', async () => {
    const db = database.db;
    await insertMenus(db, 'console', CONSOLE_MENUS);
    const page = await db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/system/audit'));
    const ids = page.map((m) => m.id);
    await db.delete(menus).where(inArray(menus.pid, ids));
    await db.delete(menus).where(inArray(menus.id, ids));

    expect(await addAuditMenu(db, { dryRun: true })).toEqual({ menus: 0 });
    expect(await addAuditMenu(db, { dryRun: false })).toEqual({ menus: 3 });
    expect(await addAuditMenu(db, { dryRun: false })).toEqual({ menus: 0 });
    const codes = (await db.select({ code: menus.buttonCode }).from(menus)).map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['audit-view', 'audit-export']));
  });
});
