import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
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

/**
 * The site's frame (header with the navigation and the language switch) in plain markup and CSS:
 * the home page renders without Ant Design, so its first load stays small (docs/web.md).
 */
export function SiteFrame({ children }: { children: ReactNode }) {
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
