import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contentItems } from '../db/schema/index.js';
import { SITE_PAGES } from '../seed/site-content.js';

export const SITE_SOURCES = 'site-sources';

/** A source the first seed gave some site pages: a file of this project, which means nothing to a visitor. */
const isProjectFile = (source: string) => /^docs\/[\w.-]+\.md\b/.test(source);

/**
 * One-time repair (issue 34): the site pages seeded before it cited the project's own files
 * ("docs/synthesis.md and docs/constitution.md of this platform") to visitors. On each seeded page
 * (zh and en) those entries go, the seed's published sources come in, and whatever an editor
 * added stays. Pages without such an entry are left alone.
 */
export async function replaceProjectFileSources(db: Db, opts: { dryRun: boolean }): Promise<{ pages: number }> {
  const seeded = new Map(SITE_PAGES.map((p) => [p.name, p.sources]));
  const rows = await db
    .select({ id: contentItems.id, name: contentItems.name, sources: contentItems.sources })
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'page'), inArray(contentItems.name, [...seeded.keys()])));
  let pages = 0;
  for (const r of rows) {
    if (!r.sources.some(isProjectFile)) continue;
    pages++;
    if (opts.dryRun) continue;
    const kept = r.sources.filter((s) => !isProjectFile(s));
    const added = (seeded.get(r.name ?? '') ?? []).filter((s) => !kept.includes(s));
    await db
      .update(contentItems)
      .set({ sources: [...kept, ...added] })
      .where(eq(contentItems.id, r.id));
  }
  return { pages };
}
