import type { Db } from '../db/client.js';
import { FOOTER_SEED } from '../seed/site-footer-pages.js';
import { seedSitePages } from '../seed/site-pages.js';

export const FOOTER_PAGES_REPAIR = 'footer-pages';

/**
 * One-time repair (issue 34 item 3): the footer's contact, privacy and terms pages for databases
 * seeded before them. Only these pages: a site page an editor deleted stays deleted.
 */
export async function addFooterPages(db: Db, opts: { dryRun: boolean }): Promise<{ pages: number }> {
  return { pages: await seedSitePages(db, opts, FOOTER_SEED) };
}
