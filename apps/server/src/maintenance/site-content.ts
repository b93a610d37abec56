import type { Db } from '../db/client.js';
import { SITE_ADMIN_PAGES } from '../seed/menu-tree.js';
import { seedSitePages } from '../seed/site-pages.js';
import { addMissingConsolePages } from './console-admin-menus.js';

export const SITE_CONTENT = 'site-content';

/** One-time repair: the content pages of the console and the site's pages for older databases. */
export async function addSiteContent(db: Db, opts: { dryRun: boolean }): Promise<{ menus: number; pages: number }> {
  const { added } = await addMissingConsolePages(db, SITE_ADMIN_PAGES, opts);
  return { menus: added, pages: await seedSitePages(db, opts) };
}
