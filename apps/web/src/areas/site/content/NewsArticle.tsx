import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PrerenderNews } from '@tcm/contract';
import { useReaderFormat } from '../../../lib/reader-format.js';

/**
 * A news item's page as drawn by the app and, with the same markup, by the server's first HTML
 * (prerender/site-prerender.tsx): the caller passes the body already sanitised (DOMPurify in the
 * browser, the server's allow-list on the server).
 */
export function NewsArticle({ news }: { news: PrerenderNews }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  return (
    <article className="site-page" data-testid="news-detail">
      <Link to="/xinwendongtai">{t('site.backToNews')}</Link>
      <h1 className="site-h1">{news.title}</h1>
      <p className="site-muted">{t('site.publishedAt', { date: fmt.date(news.date, { time: false }) })}</p>
      {news.coverUrl && (
        // A fixed 16:9 frame keeps the text below in place while the cover loads (CLS 0).
        <img className="site-cover" src={news.coverUrl} alt="" width={900} height={506} fetchPriority="high" />
      )}
      <div className="cms-body" data-testid="news-body" dangerouslySetInnerHTML={{ __html: news.bodyHtml }} />
      {news.sources.length > 0 && (
        <>
          <h2 className="site-h5">{t('site.sources')}</h2>
          <ol data-testid="cms-sources">
            {news.sources.map((s) => (
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
