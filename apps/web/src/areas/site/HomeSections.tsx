import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withAnt, WithAnt } from '../../app/WithAnt.js';

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

// The list reads the server (the API client, the session): a chunk loaded in the browser only, so
// the server's first HTML, which draws this page in Node, never evaluates it.
const HomeNewsList = lazy(() => import('./HomeNewsList.js'));

/**
 * One section of the home page, named by its heading (`id`, for `aria-labelledby`); `anchor` is
 * the section's own id where a link leads to it.
 */
export function HomeSection(props: { id: string; anchor?: string; title: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={props.id} id={props.anchor}>
      <h2 id={props.id} className="home-h2">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/**
 * The latest news: the heading and an empty list of fixed minimum height in the first HTML (and
 * the app's first render, the same markup), the items once the browser has read them.
 */
export function HomeNews() {
  const { t } = useTranslation();
  const browser = typeof document !== 'undefined';
  return (
    <HomeSection id="home-news" title={t('home.newsTitle')}>
      <ul className="home-news" data-testid="home-news">
        {browser && (
          <Suspense fallback={null}>
            <HomeNewsList />
          </Suspense>
        )}
      </ul>
      <Link to="/xinwendongtai" data-testid="home-all-news">
        {t('home.allNews')}
      </Link>
    </HomeSection>
  );
}

export function HomePartners() {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-partners" title={t('home.partnersTitle')}>
      <p>{t('home.partnersLead')}</p>
      <ul className="home-grid">
        {PARTNERS.map((p) => (
          <li key={p} className="site-card-box">
            <h3 className="home-h3">{t(`home.partner.${p}Title`)}</h3>
            <p>{t(`home.partner.${p}Text`)}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
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
    <HomeSection id="home-cooperation" anchor="cooperation" title={t('site.cooperationTitle')}>
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
    </HomeSection>
  );
}

/** The sign-in entrances of the platform's areas. */
export function HomeEntrances() {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-entrances" title={t('home.entrancesTitle')}>
      <ul className="site-cards">
        {ENTRANCES.map(([to, key]) => (
          <li key={to}>
            <Link to={to} className="site-card" data-testid={`entrance-${to}`}>
              {t(`route.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
