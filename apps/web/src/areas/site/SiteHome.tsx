import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

const ENTRANCES = [
  ['/login', 'sysLogin'],
  ['/member-login', 'memberLogin'],
  ['/keyan-login', 'doctorLogin'],
  ['/dpLogin', 'displayLogin'],
  ['/disease/login', 'diseaseLogin'],
  ['/training/login', 'trainingLogin'],
] as const;

/** The public home: the hero, the entrances and the link to the cooperation form. */
export function SiteHome() {
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
