import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contentItems } from '../db/schema/index.js';
import { sanitizeContentHtml } from '../modules/content/sanitize-content.js';
import { SITE_PAGES, type SeedPage } from './site-content.js';

/**
 * The public site's pages (zh and en, published) where the CMS has no page of that name and
 * language yet (all of them, or `pages`): an editor's page is never overwritten, and a deleted
 * one comes back only through this function, which runs once per database (and from the first
 * seed) for all pages, and once more for pages added later (maintenance/footer-pages.ts).
 */
export async function seedSitePages(
  db: Db,
  opts: { dryRun: boolean } = { dryRun: false },
  pages: readonly SeedPage[] = SITE_PAGES,
): Promise<number> {
  let added = 0;
  for (const p of pages)
    for (const lang of ['zh', 'en'] as const) {
      const [have] = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(and(eq(contentItems.kind, 'page'), eq(contentItems.name, p.name), eq(contentItems.lang, lang)));
      if (have) continue;
      added++;
      if (opts.dryRun) continue;
      const t = p[lang];
      await db.insert(contentItems).values({
        kind: 'page',
        name: p.name,
        lang,
        title: t.title,
        summary: t.summary,
        body: sanitizeContentHtml(t.body),
        sources: p.sources,
        published: true,
      });
    }
  return added;
}
