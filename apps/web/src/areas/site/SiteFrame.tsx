import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FOOTER_PAGES } from '@tcm/contract';
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
      <SiteFooter />
    </div>
  );
}

const FOOTER_LINKS = [
  [`/pages/${FOOTER_PAGES.contact}`, 'contact'],
  [`/pages/${FOOTER_PAGES.privacy}`, 'privacy'],
  [`/pages/${FOOTER_PAGES.terms}`, 'terms'],
  ['/guanyuwomen', 'about'],
] as const;

/**
 * The site's footer (issue 34 item 3): contact, privacy and terms pages (seeded CMS pages; the
 * contact page shows the organisation's details from the settings) and the decision-support note.
 * Fixed texts only, so the server's first HTML and the app draw the same footer.
 */
function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t('site.footerLabel')} className="site-footer-nav">
        {FOOTER_LINKS.map(([to, key]) => (
          <Link key={to} to={to} data-testid={`footer-${key}`}>
            {t(`site.footer.${key}`)}
          </Link>
        ))}
      </nav>
      <p>{t('site.footer.notice')}</p>
      <p>© {t('app.windowTitle')}</p>
    </footer>
  );
}
