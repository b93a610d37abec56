import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.js';
import { refetchOnLanguageChange } from '../lib/language-refetch.js';
import { AppRoutes } from './AppRoutes.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
refetchOnLanguageChange(queryClient, i18n);

function Themed() {
  const { i18n: inst } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = inst.language === 'en' ? 'en' : 'zh-CN';
  }, [inst.language]);
  // Ant Design's providers (locale, theme color) wrap each page that uses antd (WithAnt), not
  // the whole app: the public home loads no antd at all (docs/web.md, bundle sizes).
  return (
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App() {
  const [client] = useState(() => queryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Themed />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
