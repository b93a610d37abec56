import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useLatestNews } from './home-api.js';

/** The items of the home's latest news (inside HomeNews's list), in the reader's language. */
export default function HomeNewsList() {
  const { t, i18n } = useTranslation();
  const fmt = useReaderFormat();
  const q = useLatestNews(i18n.language);
  if (q.isError) return <li className="site-muted">{t('site.loadFailed')}</li>;
  const list = q.data?.list;
  if (!list) return null;
  if (!list.length) return <li className="site-muted">{t('site.newsEmpty')}</li>;
  return list.map((n) => (
    <li key={n.id} className="site-card-box">
      <Link to={`/xinwendongtai/${n.id}`} data-testid={`home-news-${n.id}`}>
        {n.title}
      </Link>
      <p className="site-muted">
        {t('site.publishedAt', { date: fmt.date(n.publishAt ?? n.createdAt, { time: false }) })}
      </p>
      {n.summary && <p>{n.summary}</p>}
    </li>
  ));
}
