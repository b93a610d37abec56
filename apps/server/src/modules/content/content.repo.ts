import { and, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentItems, enquiries, siteSettingsTable } from '../../db/schema/index.js';
import { containsAny } from '../../db/contains.js';
import { tablePage } from '../../db/paging.js';
import { deleteWhere, firstRow, insertRow, updateStamped } from '../../db/rows.js';

export type ContentRowDb = typeof contentItems.$inferSelect;
export type ContentInsert = typeof contentItems.$inferInsert;
export type EnquiryRowDb = typeof enquiries.$inferSelect;

/** Published and not scheduled for later: what a visitor may read. */
export const visibleNow = (): SQL =>
  and(eq(contentItems.published, true), or(isNull(contentItems.publishAt), lte(contentItems.publishAt, sql`now()`)))!;

export const findItem = (db: Db, id: number) => firstRow(db, contentItems, eq(contentItems.id, id));

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

export const insertItem = (db: Db, values: ContentInsert): Promise<ContentRowDb> => insertRow(db, contentItems, values);

export const updateItem = (db: Db, id: number, values: Partial<ContentInsert>) =>
  updateStamped(db, contentItems, eq(contentItems.id, id), values);

export const removeItem = (db: Db, id: number) => deleteWhere(db, contentItems, eq(contentItems.id, id));

export const keywordOfItems = (keyword: string | undefined): SQL | undefined =>
  containsAny(keyword, [contentItems.title, contentItems.name]);

// ---- enquiries ----

export const insertEnquiry = (db: Db, values: typeof enquiries.$inferInsert): Promise<EnquiryRowDb> =>
  insertRow(db, enquiries, values);

export async function listEnquiries(
  db: Db,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: EnquiryRowDb[]; total: number }> {
  return tablePage(db, enquiries, where, [desc(enquiries.createdAt), desc(enquiries.id)], { page, size });
}

export const updateEnquiry = (db: Db, id: number, values: Partial<typeof enquiries.$inferInsert>) =>
  updateStamped(db, enquiries, eq(enquiries.id, id), values);

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
