import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menus } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { DASHBOARD_BUTTON, PLATFORM_ADMIN_PAGES } from '../seed/menu-tree.js';
import { addMissingConsolePages } from './console-admin-menus.js';

export const PLATFORM_CONSOLE = 'platform-console';

/**
 * One-time repair (issue 33 item 3): databases seeded before the dashboard and the device list get
 * the device page under the console head entry and the dashboard button under the welcome page.
 * Neither is granted to existing roles: platform-wide figures and device locations are new to
 * them, so the all-access admin sees them and grants them on the roles screen.
 */
export async function addPlatformConsole(
  db: Db,
  opts: { dryRun: boolean },
): Promise<{ menus: number; buttons: number }> {
  const pages = (await addMissingConsolePages(db, PLATFORM_ADMIN_PAGES, opts)).added;
  let buttons = 0;
  const [welcome] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.area, 'console'), eq(menus.path, '/welcome')));
  if (welcome && !opts.dryRun) {
    const [has] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.buttonCode, DASHBOARD_BUTTON.buttonCode!));
    if (!has)
      buttons = (await db.transaction((tx) => insertMenus(tx, 'console', [DASHBOARD_BUTTON], welcome.id))).length;
  }
  return { menus: pages, buttons };
}
