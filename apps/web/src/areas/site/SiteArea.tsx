import { lazy, Suspense } from 'react';
import { Button, Card, Col, Layout, Result, Row, Space, Spin, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { AreaPlaceholder } from '../../components/AreaPlaceholder.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';

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

// Detection, report and device pages load in their own chunk: the public home stays small.
const DetectionPages = lazy(() => import('./detection/DetectionPages.js'));
const TrainingIntro = lazy(() => import('../training/TrainingIntro.js'));
const H5CapturePage = lazy(() => import('./h5/H5CapturePage.js'));
// The patient's form link is a phone page of its own, without the site frame.
const InquiryLinkPage = lazy(() => import('./inquiry/InquiryLinkPage.js'));
// News, CMS pages and the cooperation form: one lazy chunk, so the home's first load stays small.
const SitePages = lazy(() => import('./content/SitePages.js'));
const CONTENT_PAGES = new Set([
  'news',
  'newsDetail',
  'dynamicPage',
  'information',
  'tongueResearch',
  'aboutUs',
  'healthState',
  'aiAssistant',
  'unsubscribe',
]);
const DETECTION_PAGES = new Set([
  'tongueAnalyze',
  'childTongue',
  'covidTongue',
  'pdfReport',
  'pdfReportNew',
  'pdfPreview',
  'device',
]);

function SiteFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <Link to="/" style={{ color: '#fff', fontWeight: 600, fontSize: 18 }}>
          {t('app.projectName')}
        </Link>
        <Space wrap style={{ flex: 1 }}>
          {NAV.map(([to, key]) => (
            <Link key={to} to={to} style={{ color: '#ddd' }}>
              {t(`route.${key}`)}
            </Link>
          ))}
        </Space>
        <LanguageSwitch />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}

function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Typography.Title level={2}>{t('app.windowTitle')}</Typography.Title>
      <Typography.Paragraph>{t('area.siteHolds')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {ENTRANCES.map(([to, key]) => (
          <Col key={to} xs={24} sm={12} md={8}>
            <Card hoverable onClick={() => navigate(to)} data-testid={`entrance-${to}`}>
              {t(`route.${key}`)}
            </Card>
          </Col>
        ))}
      </Row>
      {/* A link, not the form: the form's chunk loads on its own page, keeping the home light. */}
      <Typography.Paragraph style={{ marginTop: 24 }}>
        <Link to="/guanyuwomen#cooperation" data-testid="home-cooperation">
          {t('site.cooperationTitle')}
        </Link>
      </Typography.Paragraph>
    </>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('area.notFoundText')}
      extra={<Button onClick={() => navigate('/')}>{t('area.backHome')}</Button>}
    />
  );
}

/** Public site pages (spec §2 public routes). */
export default function SiteArea({ page }: AreaProps) {
  if (page === 'h5Capture')
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
        <H5CapturePage />
      </Suspense>
    );
  if (page === 'inquiryLink')
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
        <InquiryLinkPage />
      </Suspense>
    );
  return (
    <SiteFrame>
      {page === 'home' ? (
        <Home />
      ) : page === 'notFound' ? (
        <NotFound />
      ) : CONTENT_PAGES.has(page) ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
          <SitePages page={page} />
        </Suspense>
      ) : DETECTION_PAGES.has(page) ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
          {(page === 'childTongue' || page === 'covidTongue') && (
            <div style={{ maxWidth: 1100, margin: '0 auto 16px' }}>
              <SitePages page={page} />
            </div>
          )}
          <DetectionPages page={page} />
        </Suspense>
      ) : page === 'tongueTraining' ? (
        // The CMS page about the training, then the published courses (docs/training.md).
        <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
          <SitePages page={page} />
          <TrainingIntro />
        </Suspense>
      ) : (
        <AreaPlaceholder area="site" page={page} />
      )}
    </SiteFrame>
  );
}
