import { asc, desc, eq, and, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema/index.js';
import { containsAny } from '../../db/contains.js';
import { tablePage } from '../../db/paging.js';

export type TranslationRow = typeof translations.$inferSelect;
export type TranslationInsert = typeof translations.$inferInsert;

export async function findById(db: Db, id: number): Promise<TranslationRow | undefined> {
  const [row] = await db.select().from(translations).where(eq(translations.id, id));
  return row;
}

export async function findByHash(db: Db, hash: string): Promise<TranslationRow | undefined> {
  const [row] = await db.select().from(translations).where(eq(translations.originalHash, hash));
  return row;
}

/** Keyword: a contains match ORed over the original and the commonest translations. */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  return containsAny(keyword, [translations.originalText, translations.en, translations.zhHant, translations.remark]);
}

export async function listPage(
  db: Db,
  opts: { where: SQL | undefined; keyword: string | undefined; page: number; size: number; order: 'asc' | 'desc' },
): Promise<{ rows: TranslationRow[]; total: number }> {
  const where = and(opts.where, keywordWhere(opts.keyword));
  const updated = opts.order === 'asc' ? asc(translations.updatedAt) : desc(translations.updatedAt);
  return tablePage(db, translations, where, [updated, desc(translations.id)], opts);
}

export async function insert(db: Db, values: TranslationInsert): Promise<TranslationRow> {
  const [row] = await db.insert(translations).values(values).returning();
  return row!;
}

export async function update(
  db: Db,
  id: number,
  values: Partial<TranslationInsert>,
): Promise<TranslationRow | undefined> {
  const [row] = await db
    .update(translations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(translations.id, id))
    .returning();
  return row;
}

export async function remove(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(translations).where(eq(translations.id, id)).returning({ id: translations.id });
  return rows.length > 0;
}
