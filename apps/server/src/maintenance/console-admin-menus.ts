import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menus } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { CONSOLE_ADMIN_PAGES, DOCTOR_ADMIN_PAGES, type SeedMenu } from '../seed/menu-tree.js';

export const CONSOLE_ADMIN_MENUS = 'console-admin-menus';

/**
 * Databases seeded before the user, role and team pages existed get the missing ones under the first console head
 * entry (the all-access admin sees them at once; other roles get them granted in the console).
 * A fresh database has no menus yet when repairs run: the seed that follows brings the pages.
 */
export function addConsoleAdminMenus(db: Db, opts: { dryRun: boolean }): Promise<{ added: number }> {
  return addMissingConsolePages(db, CONSOLE_ADMIN_PAGES, opts);
}

export const DOCTOR_APPROVAL_MENUS = 'doctor-approval-menus';

/** Databases seeded before doctor approvals get the doctors page the same way. */
export function addDoctorApprovalMenus(db: Db, opts: { dryRun: boolean }): Promise<{ added: number }> {
  return addMissingConsolePages(db, DOCTOR_ADMIN_PAGES, opts);
}

/** Adds the pages of `pages` whose path no menu entry has yet under the first console head entry. */
export async function addMissingConsolePages(
  db: Db,
  pages: SeedMenu[],
  opts: { dryRun: boolean },
): Promise<{ added: number }> {
  const [head] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.area, 'console'), eq(menus.type, 'head')))
    .orderBy(asc(menus.sort), asc(menus.id))
    .limit(1);
  if (!head) return { added: 0 };
  const paths = new Set((await db.select({ path: menus.path }).from(menus)).map((m) => m.path));
  const missing = pages.filter((p) => !paths.has(p.path ?? null));
  if (!missing.length || opts.dryRun) return { added: 0 };
  const ids = await db.transaction((tx) => insertMenus(tx, 'console', missing, head.id));
  return { added: ids.length };
}
