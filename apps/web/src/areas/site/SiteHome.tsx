import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeCooperation, HomeEntrances, HomeNews, HomePartners, HomeSection } from './HomeSections.js';
import './home-texts.js';

/** The sample report (server-made, no personal data: docs/web.md "Report views"). */
export const SAMPLE_REPORT = '/checked/pdf/newPdfTestPreview';
const DIAGNOSES = ['tongue', 'face', 'pulse', 'voice'] as const;
const SAMPLE_FINDINGS = [1, 2, 3, 4] as const;
/** The illustration ships with the app (public/sample-result.svg), under the router's base. */
const SAMPLE_IMAGE = `${import.meta.env.BASE_URL}sample-result.svg`;

/**
 * The public home (issue 34 item 3): what the platform does and for whom, the way to the
 * detection page and the sample report, the four diagnoses, a sample result, the latest news,
 * partners, the cooperation form and the sign-in entrances. Plain markup and CSS (no antd): the
 * server writes the same markup as the page's first HTML (prerender), so it paints at once. A
 * chunk of its own (with its texts), so the other site pages' first load does not carry it.
 */
export function SiteHome() {
  const { t } = useTranslation();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title" className="site-title">
          {t('app.windowTitle')}
        </h1>
        <p className="site-lead">{t('home.lead')}</p>
        <p className="home-actions">
          <Link to="/tongueAnalyze" className="site-button site-button-primary" data-testid="home-detect">
            {t('home.startDetection')}
          </Link>
          <Link to={SAMPLE_REPORT} className="site-button" data-testid="home-sample-report">
            {t('home.sampleReport')}
          </Link>
        </p>
        <p className="home-note">{t('home.decisionSupport')}</p>
      </section>

      <HomeSection id="home-diagnoses" title={t('home.diagnosesTitle')}>
        <ul className="home-grid">
          {DIAGNOSES.map((d) => (
            <li key={d} className="site-card-box" data-testid={`home-diagnosis-${d}`}>
              <h3 className="home-h3">{t(`home.${d}Title`)}</h3>
              <p>{t(`home.${d}Text`)}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-sample" title={t('home.sampleTitle')}>
        <figure className="home-sample site-card-box">
          <img src={SAMPLE_IMAGE} alt={t('home.sampleAlt')} width={320} height={240} loading="lazy" decoding="async" />
          <figcaption>
            <ol className="home-findings">
              {SAMPLE_FINDINGS.map((n) => (
                <li key={n}>{t(`home.sampleFinding${n}`)}</li>
              ))}
            </ol>
            <p className="home-note">{t('home.sampleNote')}</p>
            <Link to={SAMPLE_REPORT} data-testid="home-sample-link">
              {t('home.sampleReportLink')}
            </Link>
          </figcaption>
        </figure>
      </HomeSection>

      <HomeNews />
      <HomePartners />
      <HomeCooperation />
      <HomeEntrances />
    </div>
  );
}

export default SiteHome;
