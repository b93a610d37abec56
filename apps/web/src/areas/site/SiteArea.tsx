import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { withAnt, WithAnt } from '../../app/WithAnt.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { newsItemQuery } from './content/news-item-query.js';
import './site.css';

const NAV = [
  ['/tongueAnalyze', 'tongueAnalyze'],
  ['/xinwendongtai', 'news'],
  ['/shexiangyujibingyanjiu', 'tongueResearch'],
  ['/jiankangzhuangtaibianshi', 'healthState'],
  ['/shezhenshixun', 'tongueTraining'],
  ['/zhongyishiAIzhushou', 'aiAssistant'],
  ['/guanyuwomen', 'aboutUs'],
] as const;
const ENTRANCES = [
  ['/login', 'sysLogin'],
  ['/member-login', 'memberLogin'],
  ['/keyan-login', 'doctorLogin'],
  ['/dpLogin', 'displayLogin'],
  ['/disease/login', 'diseaseLogin'],
  ['/training/login', 'trainingLogin'],
] as const;

// The pages a visitor most often opens first (a shared news link, the detection page) are light
// chunks without Ant Design, like the home (docs/web.md "Speed and reach"); antd loads only with
// what the visitor opens later (the camera, the result).
const NewsDetailPage = lazy(() => import('./content/NewsDetailPage.js'));
const TongueAnalyzePage = lazy(() => import('./detection/TongueAnalyzePage.js'));
const TONGUE_KIND = { tongueAnalyze: 'normal', childTongue: 'child', covidTongue: 'covid' } as const;
// Report and device pages load in their own chunk: the public home stays small.
const DetectionPages = lazy(withAnt(() => import('./detection/DetectionPages.js')));
const TrainingIntro = lazy(withAnt(() => import('../training/TrainingIntro.js')));
const H5CapturePage = lazy(withAnt(() => import('./h5/H5CapturePage.js')));
// The patient's form link is a phone page of its own, without the site frame.
const InquiryLinkPage = lazy(withAnt(() => import('./inquiry/InquiryLinkPage.js')));
// News, CMS pages and the cooperation form: one lazy chunk, so the home's first load stays small.
const SitePages = lazy(withAnt(() => import('./content/SitePages.js')));
// Only for a page name no branch below knows (every spec route has its page).
const AreaPlaceholder = lazy(
  withAnt(() => import('../../components/AreaPlaceholder.js').then((m) => ({ default: m.AreaPlaceholder }))),
);
const CONTENT_PAGES = new Set([
  'news',
  'dynamicPage',
  'information',
  'tongueResearch',
  'aboutUs',
  'healthState',
  'aiAssistant',
  'unsubscribe',
]);
const DETECTION_PAGES = new Set(['pdfReport', 'pdfReportNew', 'pdfPreview', 'device']);

/**
 * The site's frame (header with the navigation and the language switch) in plain markup and CSS:
 * the home page renders without Ant Design, so its first load stays small (docs/web.md).
 */
function SiteFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // On a phone the navigation folds behind a menu button (site.css hides the button on wider screens).
  const [open, setOpen] = useState(false);
  return (
    <div className="site">
      <header className="site-header">
        <Link to="/" className="site-brand">
          {t('app.projectName')}
        </Link>
        <button
          type="button"
          className="site-menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
          data-testid="site-menu-toggle"
        >
          {t('site.menu')}
        </button>
        <nav
          id="site-nav"
          className={open ? 'site-nav open' : 'site-nav'}
          aria-label={t('site.navLabel')}
          onClick={() => setOpen(false)}
        >
          {NAV.map(([to, key]) => (
            <Link key={to} to={to}>
              {t(`route.${key}`)}
            </Link>
          ))}
        </nav>
        <LanguageSwitch />
      </header>
      <main className="site-main">{children}</main>
    </div>
  );
}

function Home() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="site-title">{t('app.windowTitle')}</h1>
      <p className="site-lead">{t('area.siteHolds')}</p>
      <ul className="site-cards">
        {ENTRANCES.map(([to, key]) => (
          <li key={to}>
            <Link to={to} className="site-card" data-testid={`entrance-${to}`}>
              {t(`route.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
      {/* A link, not the form: the form's chunk loads on its own page, keeping the home light. */}
      <p className="site-lead">
        <Link to="/guanyuwomen#cooperation" data-testid="home-cooperation">
          {t('site.cooperationTitle')}
        </Link>
      </p>
    </>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="site-not-found">
      <h1>404</h1>
      <p>{t('area.notFoundText')}</p>
      <Link to="/" className="site-button">
        {t('area.backHome')}
      </Link>
    </section>
  );
}

/** A news item: its call starts beside the page's chunk (both in flight at once), not after it. */
function NewsDetail() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  useEffect(() => void client.prefetchQuery(newsItemQuery(id)), [client, id]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <NewsDetailPage />
    </Suspense>
  );
}

/** The pages that use antd: Ant Design's providers and a spinner while their chunks load. */
function Heavy({ children }: { children: ReactNode }) {
  return (
    <WithAnt>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </WithAnt>
  );
}

/** Public site pages (spec §2 public routes). */
export default function SiteArea({ page }: AreaProps) {
  if (page === 'h5Capture')
    return (
      <Heavy>
        <H5CapturePage />
      </Heavy>
    );
  if (page === 'inquiryLink')
    return (
      <Heavy>
        <InquiryLinkPage />
      </Heavy>
    );
  return (
    <SiteFrame>
      {page === 'home' ? (
        <Home />
      ) : page === 'notFound' ? (
        <NotFound />
      ) : page === 'newsDetail' ? (
        <NewsDetail />
      ) : page === 'tongueAnalyze' || page === 'childTongue' || page === 'covidTongue' ? (
        <>
          {page !== 'tongueAnalyze' && (
            // The CMS page about the child or COVID detection (antd), above the light form.
            <Heavy>
              <div style={{ maxWidth: 1100, margin: '0 auto 16px' }}>
                <SitePages page={page} />
              </div>
            </Heavy>
          )}
          <Suspense fallback={<PageSpinner />}>
            <TongueAnalyzePage kind={TONGUE_KIND[page]} />
          </Suspense>
        </>
      ) : CONTENT_PAGES.has(page) ? (
        <Heavy>
          <SitePages page={page} />
        </Heavy>
      ) : DETECTION_PAGES.has(page) ? (
        <Heavy>
          <DetectionPages page={page} />
        </Heavy>
      ) : page === 'tongueTraining' ? (
        // The CMS page about the training, then the published courses (docs/training.md).
        <Heavy>
          <SitePages page={page} />
          <TrainingIntro />
        </Heavy>
      ) : (
        <Heavy>
          <AreaPlaceholder area="site" page={page} />
        </Heavy>
      )}
    </SiteFrame>
  );
}
