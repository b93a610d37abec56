import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menus, roleMenus } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { CONSOLE_ADMIN_PAGES, SITE_ADMIN_PAGES, type SeedMenu } from '../seed/menu-tree.js';

export const VIEW_BUTTONS = 'view-buttons';

/** Pages whose list calls gained a view button (issue 35 item 5), with that button's code. */
const VIEW: Array<[path: string, code: string]> = [
  ['/content/enquiries', 'enquiry-view'],
  ['/system/corporation', 'sysCorp-view'],
];

const seedButton = (path: string, code: string): SeedMenu => {
  const page = [...CONSOLE_ADMIN_PAGES, ...SITE_ADMIN_PAGES].find((p) => p.path === path);
  const button = page?.children?.find((c) => c.buttonCode === code);
  if (!button) throw new Error(`no seeded button ${code} under ${path}`);
  return button;
};

/**
 * One-time repair: databases seeded before the enquiry and corporation lists needed a view button
 * get that button under the page, granted to every role already granted the page, so whoever
 * could open the page still can; everybody else is now refused (403). The all-access admin
 * holds it anyway. Pages missing altogether are left to their own repairs.
 */
export async function addViewButtons(db: Db, opts: { dryRun: boolean }): Promise<{ buttons: number; grants: number }> {
  let buttons = 0;
  let grants = 0;
  for (const [path, code] of VIEW) {
    const [page] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.area, 'console'), eq(menus.path, path)));
    if (!page) continue;
    const [has] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.pid, page.id), eq(menus.buttonCode, code)));
    if (has || opts.dryRun) continue;
    await db.transaction(async (tx) => {
      const [id] = await insertMenus(tx, 'console', [seedButton(path, code)], page.id);
      const holders = await tx
        .select({ roleId: roleMenus.roleId })
        .from(roleMenus)
        .where(eq(roleMenus.menuId, page.id));
      if (holders.length) await tx.insert(roleMenus).values(holders.map((h) => ({ roleId: h.roleId, menuId: id! })));
      buttons += 1;
      grants += holders.length;
    });
  }
  return { buttons, grants };
}
