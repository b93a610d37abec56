import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.js';

/**
 * Ant Design's providers (locale following the interface language, spec §1; the account's theme
 * colour, spec §9). A lazy chunk of its own, loaded by `WithAnt` for every page that uses antd,
 * so the public home, which uses none, never downloads Ant Design's runtime (docs/web.md).
 */
export default function AntShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { themeColor } = useSession();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: themeColor } }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
