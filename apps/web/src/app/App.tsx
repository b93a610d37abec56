import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.js';
import { useSession } from '../lib/session.js';
import { AppRoutes } from './AppRoutes.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function Themed() {
  const { i18n: inst } = useTranslation();
  const { themeColor } = useSession();
  useEffect(() => {
    document.documentElement.lang = inst.language === 'en' ? 'en' : 'zh-CN';
  }, [inst.language]);
  return (
    // Ant Design's locale follows the interface language (spec §1).
    <ConfigProvider locale={inst.language === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: themeColor } }}>
      <AntApp>
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
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
