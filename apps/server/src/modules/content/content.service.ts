import { and, eq, type SQL } from 'drizzle-orm';
import {
  CONTENT_ERRORS,
  type ContentItem,
  type ContentLang,
  type ContentPage,
  type ContentRow,
  type ContentAddBody,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { contentItems } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import * as repo from './content.repo.js';
import { sanitizeContentHtml } from './sanitize-content.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function rowOf(r: repo.ContentRowDb): ContentRow {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    lang: r.lang,
    title: r.title,
    summary: r.summary,
    coverUrl: r.coverUrl,
    sources: r.sources,
    published: r.published,
    publishAt: iso(r.publishAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
/** The body is sanitised again on the way out: rows written before a rule was added stay inert too. */
const itemOf = (r: repo.ContentRowDb): ContentItem => ({ ...rowOf(r), body: sanitizeContentHtml(r.body) });

export async function list(
  db: Db,
  q: { kind: 'news' | 'page'; lang?: ContentLang; keyword?: string; page: number; size: number },
): Promise<ContentPage> {
  const where = and(
    eq(contentItems.kind, q.kind),
    q.lang ? eq(contentItems.lang, q.lang) : undefined,
    repo.keywordOfItems(q.keyword),
  );
  const { rows, total } = await repo.listItems(db, where, q.page, q.size, 'updated');
  return { list: rows.map(rowOf), total };
}

export async function find(db: Db, id: number): Promise<ContentItem> {
  const r = await repo.findItem(db, id);
  if (!r) throw new AppError(CONTENT_ERRORS.NOT_FOUND);
  return itemOf(r);
}

/** Creates or updates an item; the body is stored only after the allow-list (docs/site.md). */
export async function save(db: Db, userId: string, b: ContentAddBody & { id?: number }): Promise<ContentItem> {
  const name = b.kind === 'page' ? (b.name ?? null) : null;
  if (b.kind === 'page' && !name) throw new AppError(CONTENT_ERRORS.PAGE_NAME_REQUIRED);
  const body = sanitizeContentHtml(b.body);
  if (!body.replace(/<[^>]*>|&nbsp;|\s/g, '') && !/<(img|video)\b/.test(body))
    throw new AppError(CONTENT_ERRORS.EMPTY_BODY);
  if (name) {
    const [other] = await db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.kind, 'page'), eq(contentItems.name, name), eq(contentItems.lang, b.lang)));
    if (other && other.id !== b.id) throw new AppError(CONTENT_ERRORS.PAGE_NAME_TAKEN);
  }
  const values = {
    kind: b.kind,
    name,
    lang: b.lang,
    title: b.title,
    summary: b.summary ?? null,
    body,
    coverUrl: b.coverUrl ?? null,
    sources: b.sources ?? [],
  };
  if (b.id === undefined) return itemOf(await repo.insertItem(db, { ...values, createdBy: userId }));
  const before = await repo.findItem(db, b.id);
  if (!before || before.kind !== b.kind) throw new AppError(CONTENT_ERRORS.NOT_FOUND);
  return itemOf((await repo.updateItem(db, b.id, values))!);
}

/** Publish now, publish on a date (schedule), or take back to draft. */
export async function publish(
  db: Db,
  b: { id: number; published: boolean; publishAt?: string | null | undefined },
): Promise<ContentItem> {
  const publishAt = b.published ? (b.publishAt ? new Date(b.publishAt) : new Date()) : null;
  const r = await repo.updateItem(db, b.id, { published: b.published, publishAt });
  if (!r) throw new AppError(CONTENT_ERRORS.NOT_FOUND);
  return itemOf(r);
}

export async function remove(db: Db, id: number): Promise<void> {
  if (!(await repo.removeItem(db, id))) throw new AppError(CONTENT_ERRORS.NOT_FOUND);
}

// ---- what visitors read ----

export async function publicNews(db: Db, lang: ContentLang, page: number, size: number): Promise<ContentPage> {
  const where: SQL = and(eq(contentItems.kind, 'news'), eq(contentItems.lang, lang), repo.visibleNow())!;
  const { rows, total } = await repo.listItems(db, where, page, size, 'published');
  return { list: rows.map(rowOf), total };
}

export async function publicNewsItem(db: Db, id: number): Promise<ContentItem> {
  const [r] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.kind, 'news'), repo.visibleNow()));
  if (!r) throw new AppError(CONTENT_ERRORS.NOT_FOUND);
  return itemOf(r);
}

/** A page in the reader's language, else its Chinese original (the site's first language). */
export async function publicPage(db: Db, name: string, lang: ContentLang): Promise<ContentItem> {
  const r = (await repo.findPage(db, name, lang)) ?? (lang === 'zh' ? undefined : await repo.findPage(db, name, 'zh'));
  if (!r) throw new AppError(CONTENT_ERRORS.NOT_FOUND);
  return itemOf(r);
}
