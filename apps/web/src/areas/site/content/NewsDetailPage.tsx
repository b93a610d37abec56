import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@tcm/contract';
import { useTakeOver } from '../../../lib/prerender.js';
import { useCleanHtml } from './clean-html.js';
import { NewsArticle } from './NewsArticle.js';
import { firstHtmlBody, useNewsItem } from './news-item-api.js';

/**
 * One published news item, in plain markup and CSS (site.css): the page a shared link opens, so
 * it loads no Ant Design (docs/web.md "Speed and reach"). Same test ids as before the split.
 */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useNewsItem(id);
  const n: ContentItem | undefined = q.data;
  // Server-sanitised HTML, cleaned once more in the browser before it is set (defence in depth),
  // unless it is the very markup the server's first HTML already put in the page.
  const first = n && firstHtmlBody(n);
  const cleaned = useCleanHtml(n && first === undefined ? n.body : undefined, { lazyImages: true });
  const bodyHtml = first ?? cleaned;
  // The server's first HTML of this item stays until the item (or why it is missing) is drawn.
  useTakeOver(bodyHtml !== undefined || q.isError);
  if (!n || bodyHtml === undefined)
    return (
      <article className="site-page">
        <Link to="/xinwendongtai">{t('site.backToNews')}</Link>
        {q.isError && !n ? (
          // The server answers 404 for unknown, draft and scheduled items alike.
          <p className="site-alert" role="alert" data-testid="news-missing">
            {(q.error as { code?: number }).code === 1500001 ? t('site.notFound') : t('site.loadFailed')}
          </p>
        ) : (
          <div className="site-skeleton" role="status" aria-label={t('app.loading')} data-testid="news-loading">
            <span />
            <span />
            <span />
          </div>
        )}
      </article>
    );
  return (
    <NewsArticle
      news={{
        title: n.title,
        date: n.publishAt ?? n.createdAt,
        coverUrl: n.coverUrl,
        bodyHtml,
        sources: n.sources,
      }}
    />
  );
}
