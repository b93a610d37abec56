import { Alert, Card, Col, Empty, List, Row, Result, Skeleton, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { FOOTER_PAGES } from '@tcm/contract';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../../app/LazyArea.js';
import { findPage, type PageComponent, type PageKeys } from '../../../app/pages.js';
import { sanitizeHtml } from '../../../components/editor/sanitize.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { useCmsPage, useSiteNews, useSiteSettings } from './site-content-api.js';
import { CooperationForm } from './CooperationForm.js';
import AssistantPage from '../assistant/AssistantPage.js';
import { UnsubscribePage } from './UnsubscribePage.js';

/** The fixed site pages and the CMS page each shows (docs/site.md). */
export const CMS_PAGE_OF: Record<string, string> = {
  information: 'information',
  tongueResearch: 'shexiangyujibingyanjiu',
  aboutUs: 'guanyuwomen',
  healthState: 'jiankangzhuangtaibianshi',
  tongueTraining: 'shezhenshixun',
  aiAssistant: 'zhongyishiAIzhushou',
  unsubscribe: 'unsubscribe-post',
  childTongue: 'ertongshezhen',
  covidTongue: 'xinguanshezhen',
};

/** Server-sanitised HTML, cleaned once more in the browser before it is set (defence in depth). */
function Html({ html, testId }: { html: string; testId?: string }) {
  return <div className="cms-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

function Sources({ sources }: { sources: string[] }) {
  const { t } = useTranslation();
  if (!sources.length) return null;
  return (
    <>
      <Typography.Title level={5}>{t('site.sources')}</Typography.Title>
      <ol data-testid="cms-sources">
        {sources.map((s) => (
          <li key={s}>
            <Typography.Text type="secondary">{s}</Typography.Text>
          </li>
        ))}
      </ol>
    </>
  );
}

function Loading({ error, missing }: { error: boolean; missing: boolean }) {
  const { t } = useTranslation();
  if (missing) return <Result status="404" subTitle={t('site.notFound')} />;
  if (error) return <Alert type="error" showIcon title={t('site.loadFailed')} />;
  return <Skeleton active />;
}

/** A CMS page in the reader's language (else the Chinese original, said so). */
export function CmsPage({ name, compact = false }: { name: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const q = useCmsPage(name, i18n.language);
  const page = q.data;
  if (!page)
    return <Loading error={q.isError} missing={q.isError && (q.error as { code?: number }).code === 1500001} />;
  return (
    <article style={{ maxWidth: 900, margin: compact ? undefined : '0 auto' }} data-testid={`cms-page-${name}`}>
      {compact ? (
        <Typography.Title level={4}>{page.title}</Typography.Title>
      ) : (
        <Typography.Title>{page.title}</Typography.Title>
      )}
      {i18n.language === 'en' && page.lang === 'zh' && <Alert type="info" title={t('site.shownInChinese')} />}
      <Html html={page.body} testId="cms-body" />
      <Sources sources={page.sources} />
    </article>
  );
}

export function NewsList() {
  const { t, i18n } = useTranslation();
  const fmt = useReaderFormat();
  const q = useSiteNews(i18n.language);
  if (!q.data) return <Loading error={q.isError} missing={false} />;
  return (
    <div style={{ maxWidth: 900, margin: '0 auto' }}>
      <Typography.Title>{t('route.news')}</Typography.Title>
      {q.data.list.length === 0 ? (
        <Empty description={t('site.newsEmpty')} />
      ) : (
        <List
          itemLayout="vertical"
          dataSource={q.data.list}
          renderItem={(n) => (
            <List.Item
              key={n.id}
              data-testid={`news-${n.id}`}
              extra={n.coverUrl ? <img width={180} alt="" src={n.coverUrl} loading="lazy" /> : undefined}
            >
              <List.Item.Meta
                title={<Link to={`/xinwendongtai/${n.id}`}>{n.title}</Link>}
                description={t('site.publishedAt', { date: fmt.date(n.publishAt ?? n.createdAt, { time: false }) })}
              />
              {n.summary}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

function ContactCard() {
  const { t, i18n } = useTranslation();
  const q = useSiteSettings();
  const s = q.data;
  if (!s || !(s.phone || s.email)) return null;
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Card title={t('site.contactUs')} data-testid="contact-card">
      <Space orientation="vertical">
        <Typography.Text strong>{s.orgName[lang]}</Typography.Text>
        {s.phone && <Typography.Text>{s.phone}</Typography.Text>}
        {s.email && <Typography.Text>{s.email}</Typography.Text>}
        {s.address[lang] && <Typography.Text>{s.address[lang]}</Typography.Text>}
      </Space>
    </Card>
  );
}

/** A fixed site page: its CMS page, and on "about us" the cooperation form and the contacts. */
function FixedPage({ page }: AreaProps) {
  const cms = CMS_PAGE_OF[page];
  if (!cms) return null;
  return (
    <>
      <CmsPage name={cms} />
      {page === 'aboutUs' && (
        <Row gutter={[24, 24]} style={{ maxWidth: 900, margin: '32px auto' }} id="cooperation">
          <Col xs={24} md={15}>
            <CooperationForm />
          </Col>
          <Col xs={24} md={9}>
            <ContactCard />
          </Col>
        </Row>
      )}
    </>
  );
}

/** The CMS text above a detection page (child, COVID), in the compact style. */
function IntroPage({ page }: AreaProps) {
  const cms = CMS_PAGE_OF[page];
  return cms ? <CmsPage name={cms} compact /> : null;
}

/** A CMS page by name; the footer's contact page adds the organisation's details (settings). */
function DynamicPage() {
  const { name = '' } = useParams();
  return (
    <>
      <CmsPage name={name} />
      {name === FOOTER_PAGES.contact && (
        <div style={{ maxWidth: 900, margin: '24px auto' }}>
          <ContactCard />
        </div>
      )}
    </>
  );
}

type ContentPage = PageKeys<
  'site',
  | 'news'
  | 'dynamicPage'
  | 'aiAssistant'
  | 'information'
  | 'tongueResearch'
  | 'aboutUs'
  | 'healthState'
  | 'unsubscribe'
  | 'tongueTraining'
  | 'childTongue'
  | 'covidTongue'
>;

/** The site's content pages by route page key (route-table.ts). */
const PAGES: Record<ContentPage, PageComponent> = {
  news: NewsList,
  dynamicPage: DynamicPage,
  // The assistant's own page (its words in the locales, so an older database's CMS text cannot go stale).
  aiAssistant: AssistantPage,
  information: FixedPage,
  tongueResearch: FixedPage,
  aboutUs: FixedPage,
  healthState: FixedPage,
  unsubscribe: ({ page }) => <UnsubscribePage fallback={<FixedPage page={page} />} />,
  tongueTraining: FixedPage,
  childTongue: IntroPage,
  covidTongue: IntroPage,
};

/** One chunk for every content page of the site: the home page loads none of it. */
export default function SitePages({ page }: { page: string }) {
  const Screen = findPage(PAGES, page);
  return Screen ? <Screen page={page} /> : null;
}
