import type { Db } from '../db/client.js';
import { ORGANIZATION_ADMIN_PAGES } from '../seed/menu-tree.js';
import { addMissingConsolePages } from './console-admin-menus.js';

export const ORGANIZATION_CONSOLE = 'organization-console';

/**
 * One-time repair (issue 33 item 3): databases seeded before organizations get the organization
 * page and its buttons under the console head entry. Not granted to existing roles: the all-access
 * admin sees it and grants it on the roles screen.
 */
export function addOrganizationConsole(db: Db, opts: { dryRun: boolean }): Promise<{ added: number }> {
  return addMissingConsolePages(db, ORGANIZATION_ADMIN_PAGES, opts);
}
