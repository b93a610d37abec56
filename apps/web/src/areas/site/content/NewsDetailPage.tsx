import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@tcm/contract';
import { sanitizeHtml } from '../../../components/editor/sanitize.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { newsItemQuery } from './news-item-query.js';

/**
 * One published news item, in plain markup and CSS (site.css): the page a shared link opens, so
 * it loads no Ant Design (docs/web.md "Speed and reach"). Same test ids as before the split.
 */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const { id = '' } = useParams();
  const q = useQuery(newsItemQuery(id));
  const n: ContentItem | undefined = q.data;
  if (!n)
    return (
      <article className="site-page">
        <Link to="/xinwendongtai">{t('site.backToNews')}</Link>
        {q.isError ? (
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
    <article className="site-page" data-testid="news-detail">
      <Link to="/xinwendongtai">{t('site.backToNews')}</Link>
      <h1 className="site-h1">{n.title}</h1>
      <p className="site-muted">
        {t('site.publishedAt', { date: fmt.date(n.publishAt ?? n.createdAt, { time: false }) })}
      </p>
      {n.coverUrl && (
        // A fixed 16:9 frame keeps the text below in place while the cover loads (CLS 0).
        <img className="site-cover" src={n.coverUrl} alt="" width={900} height={506} fetchPriority="high" />
      )}
      <div
        className="cms-body"
        data-testid="news-body"
        // Server-sanitised HTML, cleaned once more in the browser before it is set (defence in depth).
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(n.body, { lazyImages: true }) }}
      />
      {n.sources.length > 0 && (
        <>
          <h2 className="site-h5">{t('site.sources')}</h2>
          <ol data-testid="cms-sources">
            {n.sources.map((s) => (
              <li key={s} className="site-muted">
                {s}
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}
