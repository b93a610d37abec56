import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { findPage, type PageComponent, type PageRegistry } from '../../app/pages.js';
import type { PageKey } from '../../app/route-table.js';
import { withAnt, WithAnt } from '../../app/WithAnt.js';
import { loadTrainingIntro } from '../../app/borrowed-pages.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { useTakeOver } from '../../lib/prerender.js';
import { useNewsItemStart } from './content/news-item-api.js';
import { SiteFrame } from './SiteFrame.js';

// The pages a visitor most often opens first (a shared news link, the detection page) are light
// chunks without Ant Design, like the home (docs/web.md "Speed and reach"); antd loads only with
// what the visitor opens later (the camera, the result).
const NewsDetailPage = lazy(() => import('./content/NewsDetailPage.js'));
// The home's sections and texts (issue 34 item 3) are its own chunk: news and /tongueAnalyze do not load them.
const SiteHome = lazy(() => import('./SiteHome.js'));
const TongueAnalyzePage = lazy(() => import('./detection/TongueAnalyzePage.js'));
const TONGUE_KIND = { tongueAnalyze: 'normal', childTongue: 'child', covidTongue: 'covid' } as const;
// Report and device pages load in their own chunk: the public home stays small.
const DetectionPages = lazy(withAnt(() => import('./detection/DetectionPages.js')));
const TrainingIntro = lazy(withAnt(loadTrainingIntro));
const H5CapturePage = lazy(withAnt(() => import('./h5/H5CapturePage.js')));
// The patient's form link is a phone page of its own, without the site frame.
const InquiryLinkPage = lazy(withAnt(() => import('./inquiry/InquiryLinkPage.js')));
// News, CMS pages and the cooperation form: one lazy chunk, so the home's first load stays small.
const SitePages = lazy(withAnt(() => import('./content/SitePages.js')));
// Only for /doctor/index (not built yet) and a page key unknown here.
const AreaPlaceholder = lazy(
  withAnt(() => import('../../components/AreaPlaceholder.js').then((m) => ({ default: m.AreaPlaceholder }))),
);

/** The pages the server writes a first HTML for (apps/server/src/modules/site/prerender.ts); each hands over itself. */
const PRERENDERED: ReadonlySet<string> = new Set<PageKey<'site'>>(['home', 'tongueAnalyze', 'newsDetail']);

function Home() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <TakeOver />
      <SiteHome />
    </Suspense>
  );
}

/** Hands over once the page inside the same Suspense boundary is drawn, not its spinner. */
function TakeOver() {
  useTakeOver();
  return null;
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
  useNewsItemStart(id);
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

/** News, CMS pages and the assistant (the content chunk). */
function Content({ page }: AreaProps) {
  return (
    <Heavy>
      <SitePages page={page} />
    </Heavy>
  );
}

/** Report and device pages (the detection chunk, with antd). */
function Detection({ page }: AreaProps) {
  return (
    <Heavy>
      <DetectionPages page={page} />
    </Heavy>
  );
}

/** The light detection form (no antd); the child and COVID pages open with their CMS text (antd). */
function TongueForm({ page }: AreaProps) {
  const kind = TONGUE_KIND[page as keyof typeof TONGUE_KIND];
  return (
    <>
      {page !== 'tongueAnalyze' && (
        <Heavy>
          <div style={{ maxWidth: 1100, margin: '0 auto 16px' }}>
            <SitePages page={page} />
          </div>
        </Heavy>
      )}
      <Suspense fallback={<PageSpinner />}>
        <TakeOver />
        <TongueAnalyzePage kind={kind} />
      </Suspense>
    </>
  );
}

/** The CMS page about the training, then the published courses (docs/training.md). */
function Training({ page }: AreaProps) {
  return (
    <Heavy>
      <SitePages page={page} />
      <TrainingIntro />
    </Heavy>
  );
}

/**
 * /doctor/index (spec: placeholder): the way into the doctor area from the public site, saying
 * what doctors and researchers find there and where they sign in or register. Plain markup like
 * the 404 page: no Ant Design.
 */
function DoctorIndex() {
  const { t } = useTranslation();
  return (
    <section className="site-not-found" data-testid="doctor-index">
      <h1>{t('route.doctorIndex')}</h1>
      <p>{t('site.doctorIndexText')}</p>
      <Link to="/doctor/login" className="site-button" data-testid="doctor-index-login">
        {t('route.doctorLogin')}
      </Link>{' '}
      <Link to="/doctor/register" className="site-button">
        {t('route.doctorRegister')}
      </Link>
    </section>
  );
}

/** A page key unknown here (the route table and this registry disagree). */
function Placeholder({ page }: AreaProps) {
  return (
    <Heavy>
      <AreaPlaceholder area="site" page={page} />
    </Heavy>
  );
}

/** A phone page of its own (a partner's H5 link, a patient's form link): no site frame. */
const frameless = (Page: ComponentType): PageComponent =>
  function Frameless() {
    return (
      <Heavy>
        <Page />
      </Heavy>
    );
  };

/** Site pages by route page key (route-table.ts). */
const PAGES: PageRegistry<'site'> = {
  home: Home,
  notFound: NotFound,
  news: Content,
  newsDetail: NewsDetail,
  dynamicPage: Content,
  information: Content,
  tongueResearch: Content,
  aboutUs: Content,
  healthState: Content,
  aiAssistant: Content,
  unsubscribe: Content,
  tongueAnalyze: TongueForm,
  childTongue: TongueForm,
  covidTongue: TongueForm,
  pdfReport: Detection,
  pdfReportNew: Detection,
  pdfPreview: Detection,
  device: Detection,
  tongueTraining: Training,
  doctorIndex: DoctorIndex,
  h5Capture: frameless(H5CapturePage),
  inquiryLink: frameless(InquiryLinkPage),
};
const FRAMELESS: ReadonlySet<string> = new Set<PageKey<'site'>>(['h5Capture', 'inquiryLink']);

/** Public site pages (spec §2 public routes). */
export default function SiteArea({ page }: AreaProps) {
  const Screen = findPage(PAGES, page) ?? Placeholder;
  // No first HTML is written for other pages; a stray one never hides the app.
  useTakeOver(!PRERENDERED.has(page));
  if (FRAMELESS.has(page)) return <Screen page={page} />;
  return (
    <SiteFrame>
      <Screen page={page} />
    </SiteFrame>
  );
}
