import { createHash } from 'node:crypto';
import { getTableColumns } from 'drizzle-orm';
import {
  TRANSLATION_ERRORS,
  TRANSLATION_LANGS,
  TRANSLATION_QUERY_FIELDS,
  type CombinedQuery,
  type TranslationCreateBody,
  type TranslationEntry,
  type TranslationPage,
  type TranslationUpdateBody,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { buildQueryWhere, whitelistOf } from '../query/query-sql.js';
import { sanitizeTranslationText } from './sanitize.js';
import * as repo from './translation.repo.js';

/** SHA-256 (hex) of the Simplified-Chinese original, UTF-8: the entry's key (spec §9). */
export const originalHashOf = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Queryable columns of the list call; the contract names the same fields for the web dialog. */
const WHITELIST = whitelistOf(getTableColumns(translations), TRANSLATION_QUERY_FIELDS);

/** The API shape of a row (never the row itself). */
export function presentTranslation(r: repo.TranslationRow): TranslationEntry {
  return {
    id: r.id,
    originalHash: r.originalHash,
    originalText: r.originalText,
    zhHant: r.zhHant,
    en: r.en,
    th: r.th,
    ms: r.ms,
    ind: r.ind,
    jpa: r.jpa,
    kor: r.kor,
    fr: r.fr,
    de: r.de,
    ru: r.ru,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Empty strings are "not configured": stored as null so the tabs can tell. HTML is sanitised. */
const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : sanitizeTranslationText(v);
function langValues(body: Partial<Record<(typeof TRANSLATION_LANGS)[number], string | null | undefined>>) {
  return Object.fromEntries(
    TRANSLATION_LANGS.map((l) => [l, blankToNull(body[l])]).filter(([, v]) => v !== undefined),
  ) as Partial<repo.TranslationInsert>;
}

export async function list(
  db: Db,
  q: { page: number; size: number; order: 'asc' | 'desc'; keyword?: string; query?: CombinedQuery },
): Promise<TranslationPage> {
  const { rows, total } = await repo.listPage(db, {
    where: buildQueryWhere(q.query, WHITELIST),
    keyword: q.keyword || undefined,
    page: q.page,
    size: q.size,
    order: q.order,
  });
  return { list: rows.map(presentTranslation), total };
}

export async function find(db: Db, id: number): Promise<TranslationEntry> {
  const row = await repo.findById(db, id);
  if (!row) throw new AppError(TRANSLATION_ERRORS.NOT_FOUND);
  return presentTranslation(row);
}

export async function findByHash(db: Db, hash: string): Promise<TranslationEntry | null> {
  const row = await repo.findByHash(db, hash);
  return row ? presentTranslation(row) : null;
}

export async function create(db: Db, body: TranslationCreateBody): Promise<TranslationEntry> {
  const originalText = sanitizeTranslationText(body.originalText.trim()).trim();
  if (!originalText)
    throw new AppError(TRANSLATION_ERRORS.ENTRY_INVALID, 'originalText: nothing left after unsafe HTML');
  const originalHash = originalHashOf(originalText);
  if (await repo.findByHash(db, originalHash)) throw new AppError(TRANSLATION_ERRORS.DUPLICATE);
  try {
    return presentTranslation(
      await repo.insert(db, {
        originalText,
        originalHash,
        remark: blankToNull(body.remark) ?? null,
        ...langValues(body),
      }),
    );
  } catch (e) {
    // Two creates racing on the same original: the unique index decides.
    if ((e as { code?: string }).code === '23505' || String((e as Error).message).includes('unique'))
      throw new AppError(TRANSLATION_ERRORS.DUPLICATE);
    throw e;
  }
}

/** Updates translations and remark; the original text (and so the hash) never changes. */
export async function update(db: Db, body: TranslationUpdateBody): Promise<TranslationEntry> {
  const remark = blankToNull(body.remark);
  const row = await repo.update(db, body.id, { ...langValues(body), ...(remark !== undefined ? { remark } : {}) });
  if (!row) throw new AppError(TRANSLATION_ERRORS.NOT_FOUND);
  return presentTranslation(row);
}

export async function remove(db: Db, id: number): Promise<void> {
  if (!(await repo.remove(db, id))) throw new AppError(TRANSLATION_ERRORS.NOT_FOUND);
}
