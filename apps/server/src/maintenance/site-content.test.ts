import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { contentItems } from '../db/schema/index.js';
import { insertMenus } from '../seed/seed.js';
import { CONSOLE_MENUS } from '../seed/menu-tree.js';
import { SITE_PAGES } from '../seed/site-content.js';
import { addSiteContent } from './site-content.js';
import { FOOTER_SEED } from '../seed/site-footer-pages.js';
import { addFooterPages } from './footer-pages.js';
import { useFreshDatabase } from '../test/fresh-database.js';
import { dropPages } from './menus.test-helpers.js';

/** On its own in-memory PGlite: the repair changes the menu and content tables. */
const database = useFreshDatabase();

describe('site-content repair', () => {
  it('adds the site pages (zh and en) and, on an older database, the content pages of the console, once; never overwrites an edited page', async () => {
    const db = database.db;
    // A fresh database: no console head yet (the seed brings the menus), the pages come now.
    const fresh = await addSiteContent(db, { dryRun: false });
    expect(fresh).toEqual({ menus: 0, pages: SITE_PAGES.length * 2 });
    await db.update(contentItems).set({ title: 'edited' }).where(eq(contentItems.name, 'guanyuwomen'));

    // An older database: the console tree without the content pages.
    await insertMenus(db, 'console', CONSOLE_MENUS);
    expect(await dropPages(db, ['/content/index', '/content/enquiries', '/system/settings'])).toBe(3);

    expect(await addSiteContent(db, { dryRun: true })).toEqual({ menus: 0, pages: 0 });
    // The enquiries page has three buttons since issue 35 (enquiry-view guards the list).
    expect(await addSiteContent(db, { dryRun: false })).toEqual({ menus: 3 + 5 + 2 + 1, pages: 0 });
    expect(await addSiteContent(db, { dryRun: false })).toEqual({ menus: 0, pages: 0 });
    const titles = await db
      .select({ t: contentItems.title })
      .from(contentItems)
      .where(eq(contentItems.name, 'guanyuwomen'));
    expect(titles.map((x) => x.t)).toEqual(['edited', 'edited']);
  });
});

describe('footer-pages repair', () => {
  it('adds the contact, privacy and terms pages an older database lacks, in zh and en, and nothing else', async () => {
    const db = database.db;
    const names = FOOTER_SEED.map((p) => p.name);
    // An older database: the footer pages never seeded, and a site page an editor deleted.
    await db.delete(contentItems).where(inArray(contentItems.name, [...names, 'information']));
    expect(await addFooterPages(db, { dryRun: true })).toEqual({ pages: 6 });
    expect(await addFooterPages(db, { dryRun: false })).toEqual({ pages: 6 });
    expect(await addFooterPages(db, { dryRun: false })).toEqual({ pages: 0 });
    const rows = await db
      .select({ name: contentItems.name, lang: contentItems.lang, body: contentItems.body })
      .from(contentItems)
      .where(inArray(contentItems.name, [...names, 'information']));
    expect(rows.map((r) => `${r.name}/${r.lang}`).sort()).toEqual(names.flatMap((n) => [`${n}/en`, `${n}/zh`]).sort());
    // The privacy page keeps its structure through the allow-list.
    expect(rows.find((r) => r.name === 'yinsizhengce' && r.lang === 'en')?.body).toMatch(
      /<h2>What we collect<\/h2><ul><li>/,
    );
  });
});
