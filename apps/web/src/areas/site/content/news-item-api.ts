import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CONTENT_PATHS, PRERENDER_NEWS_ID, type ContentItem } from '@tcm/contract';
import { http } from '../../../lib/api.js';

/**
 * The query of one published news item. In the entry (tiny, zod-free) so that the site frame can
 * start the call together with the page's lazy chunk instead of after it: one round trip less
 * before a shared news link shows its text (docs/web.md "Speed and reach").
 */
export const newsItemQuery = (id: string) => ({
  queryKey: ['site-news-item', id],
  queryFn: () => http.get<ContentItem>(CONTENT_PATHS.portalNewsItem(id), { noErrorMessage: true }),
  retry: false,
  // A published item read a moment ago (or carried by the page's first HTML) is not asked for
  // again at once: without this the seeded item was fetched twice more as the page started, the
  // frame's prefetch and the page's mount (work and two re-renders right after the paint).
  staleTime: 60_000,
});

/**
 * The body of the item the first HTML carries, as the server showed it there (its allow-list
 * output, already in the page), by item id, with the raw body it was made from.
 */
const firstHtmlBodies = new Map<string, { body: string; html: string }>();

/** The news item of the server's first HTML (its JSON data block), if it is item `id`. */
function seedFromFirstHtml(client: QueryClient, id: string): void {
  const block = document.getElementById(PRERENDER_NEWS_ID);
  if (!block?.textContent) return;
  try {
    const item = JSON.parse(block.textContent) as ContentItem;
    if (String(item.id) !== id) return;
    client.setQueryData(newsItemQuery(id).queryKey, item);
    const shown = block.parentElement?.querySelector('.cms-body');
    if (shown) firstHtmlBodies.set(id, { body: item.body, html: shown.innerHTML });
  } catch {
    // A damaged block: the page asks the server, as without one.
  }
}

/**
 * Starts news item `id` as the frame mounts: the item the server's first HTML carries is in the
 * cache for the first render (no second call); otherwise its call starts beside the page's chunk.
 */
export function useNewsItemStart(id: string): void {
  const client = useQueryClient();
  useState(() => seedFromFirstHtml(client, id));
  useEffect(() => void client.prefetchQuery(newsItemQuery(id)), [client, id]);
}

/**
 * The body of item `n` as the server's first HTML showed it, while `n` is still that item: the
 * page draws it as it is instead of cleaning it again with DOMPurify. That markup is already in
 * the page, put there by the server's sanitiser (docs/web.md "First HTML"), so a second cleaning
 * of the same text protects nothing; it was the largest piece of the page's first render (a
 * DOMPurify instance and a parse, ~20 ms at 4x CPU in one uninterruptible component). An item
 * fetched from the API (another item, or this one changed) is cleaned as before.
 */
export function firstHtmlBody(n: ContentItem): string | undefined {
  const f = firstHtmlBodies.get(String(n.id));
  return f && f.body === n.body ? f.html : undefined;
}

/** The published news item `id` (the news page), seeded from the first HTML when it carries it. */
export const useNewsItem = (id: string) => useQuery(newsItemQuery(id));
