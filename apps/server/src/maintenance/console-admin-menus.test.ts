import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { menus, roleMenus, roles } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { CONSOLE_MENUS } from '../seed/menu-tree.js';
import { addConsoleAdminMenus } from './console-admin-menus.js';
import { addAuditMenu } from './audit-menu.js';
import { addViewButtons } from './view-buttons.js';
import { addOrganizationConsole } from './organization-console.js';
import { useFreshDatabase } from '../test/fresh-database.js';
import { dropPages, expectAddsOnce, grantsOfButtons } from './menus.test-helpers.js';

/** On its own in-memory PGlite: the repair changes the menu table, which the suite's database shares. */
const database = useFreshDatabase();

describe('console-admin-menus repair', () => {
  it('does nothing on an empty database (the seed brings the pages), then adds only what an older one lacks, once', async () => {
    const db = database.db;
    expect(await addConsoleAdminMenus(db, { dryRun: false })).toEqual({ added: 0 });
    // A database seeded before the user, role and team pages: the console tree without them.
    await insertMenus(db, 'console', CONSOLE_MENUS);
    expect(await dropPages(db, ['/system/user', '/system/role', '/system/team'])).toBe(3);

    expect(await addConsoleAdminMenus(db, { dryRun: true })).toEqual({ added: 0 });
    const first = await addConsoleAdminMenus(db, { dryRun: false });
    expect(first.added).toBe(3 + 6 + 3 + 3); // three pages, their buttons
    expect(await addConsoleAdminMenus(db, { dryRun: false })).toEqual({ added: 0 });
    const codes = (await db.select({ code: menus.buttonCode }).from(menus)).map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['sysUser-add', 'sysRole-remove', 'sysTeam-flags', 'sysMenu-add']));
  });

  it('organization-console: adds the organization page and its four buttons to an older console tree once, granted to nobody', async () => {
    const db = database.db;
    // The tree the first test seeded, less the organization page (a database from before it).
    expect(await dropPages(db, ['/system/organization'])).toBe(1);
    await expectAddsOnce(addOrganizationConsole, db, { added: 0 }, { added: 5 });
    expect(await grantsOfButtons(db, ['sysOrg-add', 'sysOrg-edit', 'sysOrg-remove', 'sysOrg-assign'])).toEqual({
      buttons: 4,
      grants: [],
    });
  });

  it('audit-menu: adds the audit page and its two buttons to a console tree seeded before it, once', async () => {
    const db = database.db;
    // The tree the first test seeded, less the audit page (a database from before it).
    expect(await dropPages(db, ['/system/audit'])).toBe(1);
    await expectAddsOnce(addAuditMenu, db, { menus: 0 }, { menus: 3 });
    const codes = (await db.select({ code: menus.buttonCode }).from(menus)).map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['audit-view', 'audit-export']));
  });

  it('view-buttons: adds the enquiry and corporation view buttons, granted to the roles holding the page, once', async () => {
    const db = database.db;
    // The tree the first test seeded, less the two view buttons (a database from before issue 35).
    await db.delete(menus).where(inArray(menus.buttonCode, ['enquiry-view', 'sysCorp-view']));
    const [page] = await db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/content/enquiries'));
    const [role] = await db
      .insert(roles)
      .values({ code: `inbox-${Date.now()}`, name: 'Inbox' })
      .returning({ id: roles.id });
    await db.insert(roleMenus).values({ roleId: role!.id, menuId: page!.id });
    await expectAddsOnce(addViewButtons, db, { buttons: 0, grants: 0 }, { buttons: 2, grants: 1 });
    const granted = await db
      .select({ code: menus.buttonCode, pid: menus.pid })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(eq(roleMenus.roleId, role!.id));
    expect(granted).toEqual(expect.arrayContaining([{ code: 'enquiry-view', pid: page!.id }]));
    expect(granted.map((g) => g.code).filter(Boolean)).toEqual(['enquiry-view']);
  });
});
