import { CONTENT_PATHS, type ContentItem } from '@tcm/contract';
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
});
