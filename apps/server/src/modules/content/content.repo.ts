import { and, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentItems, enquiries, siteSettingsTable } from '../../db/schema/index.js';
import { containsAny } from '../../db/contains.js';
import { tablePage } from '../../db/paging.js';

export type ContentRowDb = typeof contentItems.$inferSelect;
export type ContentInsert = typeof contentItems.$inferInsert;
export type EnquiryRowDb = typeof enquiries.$inferSelect;

/** Published and not scheduled for later: what a visitor may read. */
export const visibleNow = (): SQL =>
  and(eq(contentItems.published, true), or(isNull(contentItems.publishAt), lte(contentItems.publishAt, sql`now()`)))!;

export async function findItem(db: Db, id: number): Promise<ContentRowDb | undefined> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
  return row;
}

export async function listItems(
  db: Db,
  where: SQL | undefined,
  page: number,
  size: number,
  order: 'updated' | 'published',
): Promise<{ rows: ContentRowDb[]; total: number }> {
  const newest =
    order === 'published'
      ? sql`coalesce(${contentItems.publishAt}, ${contentItems.createdAt}) desc`
      : desc(contentItems.updatedAt);
  return tablePage(db, contentItems, where, [newest, desc(contentItems.id)], { page, size });
}

export async function findPage(db: Db, name: string, lang: 'zh' | 'en'): Promise<ContentRowDb | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'page'), eq(contentItems.name, name), eq(contentItems.lang, lang), visibleNow()));
  return row;
}

export async function insertItem(db: Db, values: ContentInsert): Promise<ContentRowDb> {
  const [row] = await db.insert(contentItems).values(values).returning();
  return row!;
}

export async function updateItem(
  db: Db,
  id: number,
  values: Partial<ContentInsert>,
): Promise<ContentRowDb | undefined> {
  const [row] = await db
    .update(contentItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning();
  return row;
}

export async function removeItem(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(contentItems).where(eq(contentItems.id, id)).returning({ id: contentItems.id });
  return rows.length > 0;
}

export const keywordOfItems = (keyword: string | undefined): SQL | undefined =>
  containsAny(keyword, [contentItems.title, contentItems.name]);

// ---- enquiries ----

export async function insertEnquiry(db: Db, values: typeof enquiries.$inferInsert): Promise<EnquiryRowDb> {
  const [row] = await db.insert(enquiries).values(values).returning();
  return row!;
}

export async function listEnquiries(
  db: Db,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: EnquiryRowDb[]; total: number }> {
  return tablePage(db, enquiries, where, [desc(enquiries.createdAt), desc(enquiries.id)], { page, size });
}

export async function updateEnquiry(
  db: Db,
  id: number,
  values: Partial<typeof enquiries.$inferInsert>,
): Promise<EnquiryRowDb | undefined> {
  const [row] = await db
    .update(enquiries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(enquiries.id, id))
    .returning();
  return row;
}

// ---- settings ----

export async function readSettings(db: Db): Promise<unknown> {
  const [row] = await db.select().from(siteSettingsTable).where(eq(siteSettingsTable.id, 1));
  return row?.value;
}

export async function writeSettings(db: Db, value: typeof siteSettingsTable.$inferInsert.value): Promise<void> {
  await db
    .insert(siteSettingsTable)
    .values({ id: 1, value })
    .onConflictDoUpdate({ target: siteSettingsTable.id, set: { value, updatedAt: new Date() } });
}
