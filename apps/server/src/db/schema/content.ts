import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns.js';
import type { SiteSettings } from '@tcm/contract';
import { users } from './users.js';

/**
 * News and dynamic pages (docs/site.md): one row per item and language. `body` is HTML that
 * passed the server's allow-list. A page has a `name` (its /pages/{name}), unique per language.
 * Visible to visitors when `published` and `publish_at` (a schedule) is null or past.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'news' | 'page'>().notNull(),
    name: text('name'),
    lang: text('lang').$type<'zh' | 'en'>().notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    coverUrl: text('cover_url'),
    sources: jsonb('sources').$type<string[]>().notNull().default([]),
    published: boolean('published').notNull().default(false),
    publishAt: moment('publish_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_items_page_name').on(t.kind, t.name, t.lang),
    index('content_items_listing').on(t.kind, t.lang, t.published, t.publishAt),
  ],
);

/** Cooperation enquiries from the public form (spec §5), plain text. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    contactPerson: text('contact_person').notNull(),
    contact: text('contact').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<'new' | 'contacted' | 'closed'>().notNull().default('new'),
    note: text('note'),
    language: text('language').$type<'zh' | 'en'>().notNull().default('zh'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('enquiries_created').on(t.createdAt)],
);

/** The organisation's settings: one row (id 1), its value checked by the contract's `siteSettings`. */
export const siteSettingsTable = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  value: jsonb('value').$type<SiteSettings>().notNull(),
  updatedAt: updatedAt(),
});
