import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contentItems } from '../db/schema/index.js';
import { SITE_PAGES } from '../seed/site-content.js';
import { seedSitePages } from '../seed/site-pages.js';
import { replaceProjectFileSources } from './site-sources.js';
import { useFreshDatabase } from '../test/fresh-database.js';

/** On its own in-memory PGlite: the repair changes the content table. */
const database = useFreshDatabase();

const OLD_HEALTH = ['docs/synthesis.md and docs/constitution.md of this platform'];
const OLD_ABOUT = [
  'docs/tongue.md of this platform (tongue engine tongue-1.0.0: segmentation, features, quality checks)',
];

const sourcesOf = async (name: string, lang: 'zh' | 'en') => {
  const [row] = await database.db
    .select({ sources: contentItems.sources })
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'page'), eq(contentItems.name, name), eq(contentItems.lang, lang)));
  return row?.sources;
};
const setSources = (name: string, lang: 'zh' | 'en', sources: string[]) =>
  database.db
    .update(contentItems)
    .set({ sources })
    .where(and(eq(contentItems.kind, 'page'), eq(contentItems.name, name), eq(contentItems.lang, lang)));

describe('site-sources repair (issue 34)', () => {
  it('no seeded page cites a file of the project', () => {
    for (const p of SITE_PAGES) for (const s of p.sources) expect(s, p.name).not.toMatch(/docs\/|\.md\b|this platform/);
  });

  it("replaces the project's file names on older databases' pages with the published sources, keeps an editor's own, once", async () => {
    await seedSitePages(database.db);
    // As the first seed wrote them, and an editor's own source added to one of them.
    await setSources('jiankangzhuangtaibianshi', 'zh', OLD_HEALTH);
    await setSources('jiankangzhuangtaibianshi', 'en', [...OLD_HEALTH, 'An editor’s reference']);
    await setSources('guanyuwomen', 'zh', OLD_ABOUT);
    const health = SITE_PAGES.find((p) => p.name === 'jiankangzhuangtaibianshi')!.sources;

    expect(await replaceProjectFileSources(database.db, { dryRun: true })).toEqual({ pages: 3 });
    expect(await sourcesOf('jiankangzhuangtaibianshi', 'zh')).toEqual(OLD_HEALTH);
    expect(await replaceProjectFileSources(database.db, { dryRun: false })).toEqual({ pages: 3 });
    expect(await sourcesOf('jiankangzhuangtaibianshi', 'zh')).toEqual(health);
    expect(await sourcesOf('jiankangzhuangtaibianshi', 'en')).toEqual(['An editor’s reference', ...health]);
    expect(await sourcesOf('guanyuwomen', 'zh')).toEqual([]);
    // A page no project file was cited on is as it was.
    expect(await sourcesOf('xinguanshezhen', 'en')).toEqual(
      SITE_PAGES.find((p) => p.name === 'xinguanshezhen')!.sources,
    );
    expect(await replaceProjectFileSources(database.db, { dryRun: false })).toEqual({ pages: 0 });
  });
});
