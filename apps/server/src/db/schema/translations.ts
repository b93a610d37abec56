import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/**
 * Interface-text translations (spec §2 Translation admin, §3 Translation entry): one row per
 * Simplified-Chinese original, keyed by the SHA-256 of that original.
 */
export const translations = pgTable('translations', {
  id: serial('id').primaryKey(),
  originalHash: text('original_hash').notNull().unique(),
  originalText: text('original_text').notNull(),
  zhHant: text('zh_hant'),
  en: text('en'),
  th: text('th'),
  ms: text('ms'),
  ind: text('ind'),
  jpa: text('jpa'),
  kor: text('kor'),
  fr: text('fr'),
  de: text('de'),
  ru: text('ru'),
  remark: text('remark'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
