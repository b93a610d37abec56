import { asc, desc, eq, and, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema/index.js';
import { containsAny } from '../../db/contains.js';
import { tablePage } from '../../db/paging.js';
import { deleteWhere, firstRow, insertRow, updateStamped } from '../../db/rows.js';

export type TranslationRow = typeof translations.$inferSelect;
export type TranslationInsert = typeof translations.$inferInsert;

export const findById = (db: Db, id: number) => firstRow(db, translations, eq(translations.id, id));

export const findByHash = (db: Db, hash: string) => firstRow(db, translations, eq(translations.originalHash, hash));

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

export const insert = (db: Db, values: TranslationInsert): Promise<TranslationRow> =>
  insertRow(db, translations, values);

export const update = (db: Db, id: number, values: Partial<TranslationInsert>) =>
  updateStamped(db, translations, eq(translations.id, id), values);

export const remove = (db: Db, id: number) => deleteWhere(db, translations, eq(translations.id, id));
