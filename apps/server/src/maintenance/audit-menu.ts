import type { Db } from '../db/client.js';
import { AUDIT_ADMIN_PAGES } from '../seed/menu-tree.js';
import { addMissingConsolePages } from './console-admin-menus.js';

export const AUDIT_MENU = 'audit-menu';

/** One-time repair: the audit log page (docs/security.md §11) in the console menu of older databases. */
export async function addAuditMenu(db: Db, opts: { dryRun: boolean }): Promise<{ menus: number }> {
  return { menus: (await addMissingConsolePages(db, AUDIT_ADMIN_PAGES, opts)).added };
}
