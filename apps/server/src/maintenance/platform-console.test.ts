import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useFreshDatabase } from '../test/fresh-database.js';
import { menus } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { CONSOLE_MENUS } from '../seed/menu-tree.js';
import { addPlatformConsole } from './platform-console.js';
import { expectAddsOnce, grantsOfButtons } from './menus.test-helpers.js';

/** On its own in-memory PGlite: the repair changes the menu table. */
const fresh = useFreshDatabase();

describe('platform-console repair', () => {
  it('adds the device page and the dashboard button to an older console tree once, granting neither', async () => {
    const db = fresh.db;
    expect(await addPlatformConsole(db, { dryRun: false })).toEqual({ menus: 0, buttons: 0 }); // no menus yet
    await insertMenus(db, 'console', CONSOLE_MENUS);
    // An older database: no device page, a welcome page without buttons.
    const old = await db
      .select({ id: menus.id })
      .from(menus)
      .where(inArray(menus.buttonCode, ['sysDashboard-view', 'sysDevice-view', 'sysDevice-status', 'sysDevice-edit']));
    const [page] = await db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/system/device'));
    await db.delete(menus).where(inArray(menus.id, [...old.map((m) => m.id), page!.id]));

    await expectAddsOnce(addPlatformConsole, db, { menus: 0, buttons: 0 }, { menus: 4, buttons: 1 });
    const [welcome] = await db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/welcome'));
    const [button] = await db.select().from(menus).where(eq(menus.buttonCode, 'sysDashboard-view'));
    expect(button?.pid).toBe(welcome!.id);
    expect(
      await grantsOfButtons(db, ['sysDashboard-view', 'sysDevice-view', 'sysDevice-status', 'sysDevice-edit']),
    ).toEqual({ buttons: 4, grants: [] });
  });
});
