/**
 * The server's first HTML of the public home, a news item and /tongueAnalyze (issue 22 item 7),
 * drawn by the app's own components so it cannot drift from what the app then draws (the app
 * replaces it, lib/prerender.ts). Built for Node by `vite build --ssr` into
 * `dist/ssr/site-prerender.js`; the server imports it at start (apps/server/src/modules/site/prerender.ts).
 * Texts come from the app's locales in the reader's language; nothing here reads the browser.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { PrerenderPage, SiteLang, SitePrerenderModule } from '@tcm/contract';
import { i18n } from '../lib/i18n.js';
import { SiteFrame } from '../areas/site/SiteFrame.js';
import { SiteHome } from '../areas/site/SiteHome.js';
import { NewsArticle } from '../areas/site/content/NewsArticle.js';
import TongueAnalyzePage from '../areas/site/detection/TongueAnalyzePage.js';

/** The router's base, as the app's BrowserRouter has it (vite `base`). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

// One i18n instance per language, sharing the app's resources: a request never changes another's language.
const instances = new Map<SiteLang, I18n>();
const instanceOf = (lang: SiteLang): I18n => {
  let inst = instances.get(lang);
  if (!inst) {
    inst = i18n.cloneInstance({ lng: lang, initAsync: false });
    instances.set(lang, inst);
  }
  return inst;
};

function Providers({ lang, children }: { lang: SiteLang; children: ReactNode }) {
  return (
    <I18nextProvider i18n={instanceOf(lang)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter basename={BASE} initialEntries={[`${BASE}/`]}>
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

function Page({ page }: { page: PrerenderPage }) {
  switch (page.page) {
    case 'home':
      return <SiteHome />;
    case 'tongueAnalyze':
      return <TongueAnalyzePage kind="normal" />;
    case 'newsDetail':
      return <NewsArticle news={page.news} />;
  }
}

/** The page inside the site's frame, exactly as the app draws it (prerender.test.tsx compares the two). */
export function renderSiteMarkup(lang: SiteLang, page: PrerenderPage): string {
  return renderToStaticMarkup(
    <Providers lang={lang}>
      <SiteFrame>
        <Page page={page} />
      </SiteFrame>
    </Providers>,
  );
}

/**
 * The server's copy: static markup (the app replaces it, it does not hydrate it) without test ids,
 * so a journey finds each test id once, in the app, even while both copies are in the page.
 */
export const renderSitePage: SitePrerenderModule['renderSitePage'] = (lang, page) =>
  renderSiteMarkup(lang, page).replace(/ data-testid="[^"]*"/g, '');
