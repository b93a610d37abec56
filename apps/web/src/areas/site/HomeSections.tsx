import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useReaderFormat } from '../../lib/reader-format.js';
import { withAnt, WithAnt } from '../../app/WithAnt.js';
import { HOME_KEYS, homeApi } from './home-api.js';

const PARTNERS = ['clinics', 'research', 'devices', 'teams'] as const;
const ENTRANCES = [
  ['/login', 'sysLogin'],
  ['/member-login', 'memberLogin'],
  ['/keyan-login', 'doctorLogin'],
  ['/dpLogin', 'displayLogin'],
  ['/disease/login', 'diseaseLogin'],
  ['/training/login', 'trainingLogin'],
] as const;

// The form (antd) loads only when its section comes near the screen: never in the home's first load.
const CooperationForm = lazy(
  withAnt(() => import('./content/CooperationForm.js').then((m) => ({ default: m.CooperationForm }))),
);

/** The latest published news of the reader's language. */
function useLatestNews() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: HOME_KEYS.latestNews(i18n.language),
    queryFn: homeApi.latestNews,
    retry: false,
  });
}

export function HomeNews() {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const q = useLatestNews();
  const list = q.data?.list;
  return (
    <section className="home-section" aria-labelledby="home-news">
      <h2 id="home-news" className="home-h2">
        {t('home.newsTitle')}
      </h2>
      {/* A fixed minimum height while the list loads: the sections below do not jump. */}
      <ul className="home-news" data-testid="home-news" aria-busy={!list && !q.isError}>
        {list?.map((n) => (
          <li key={n.id} className="site-card-box">
            <Link to={`/xinwendongtai/${n.id}`} data-testid={`home-news-${n.id}`}>
              {n.title}
            </Link>
            <p className="site-muted">
              {t('site.publishedAt', { date: fmt.date(n.publishAt ?? n.createdAt, { time: false }) })}
            </p>
            {n.summary && <p>{n.summary}</p>}
          </li>
        ))}
        {list?.length === 0 && <li className="site-muted">{t('site.newsEmpty')}</li>}
        {q.isError && <li className="site-muted">{t('site.loadFailed')}</li>}
      </ul>
      <Link to="/xinwendongtai" data-testid="home-all-news">
        {t('home.allNews')}
      </Link>
    </section>
  );
}

export function HomePartners() {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-partners">
      <h2 id="home-partners" className="home-h2">
        {t('home.partnersTitle')}
      </h2>
      <p>{t('home.partnersLead')}</p>
      <ul className="home-grid">
        {PARTNERS.map((p) => (
          <li key={p} className="site-card-box">
            <h3 className="home-h3">{t(`home.partner.${p}Title`)}</h3>
            <p>{t(`home.partner.${p}Text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The cooperation form on the home: its section is plain markup with a link to the form's page;
 * the form itself (antd) replaces the link once the section is within 300 px of the screen.
 */
export function HomeCooperation() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <section className="home-section" aria-labelledby="home-cooperation" id="cooperation">
      <h2 id="home-cooperation" className="home-h2">
        {t('site.cooperationTitle')}
      </h2>
      <div ref={ref} className="home-form" data-testid="home-cooperation">
        {near ? (
          <WithAnt>
            <Suspense fallback={<p className="site-muted">{t('app.loading')}</p>}>
              <CooperationForm />
            </Suspense>
          </WithAnt>
        ) : (
          <p>
            {t('home.cooperationLead')} <Link to="/guanyuwomen#cooperation">{t('home.cooperationOpen')}</Link>
          </p>
        )}
      </div>
    </section>
  );
}

/** The sign-in entrances of the platform's areas. */
export function HomeEntrances() {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="home-entrances">
      <h2 id="home-entrances" className="home-h2">
        {t('home.entrancesTitle')}
      </h2>
      <ul className="site-cards">
        {ENTRANCES.map(([to, key]) => (
          <li key={to}>
            <Link to={to} className="site-card" data-testid={`entrance-${to}`}>
              {t(`route.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
