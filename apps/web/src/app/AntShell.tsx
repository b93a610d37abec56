import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.js';

/**
 * Text colors with a contrast of at least 4.5:1 on white and on the site's #f5f5f5 (WCAG AA,
 * Lighthouse accessibility): antd's defaults for secondary text (45 % black, 3.4:1) and links
 * (#1677ff, 3.8:1 on #f5f5f5) fall short.
 */
const READABLE = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorLink: '#0958d9',
  colorLinkHover: '#1677ff',
};

/**
 * Ant Design's providers (locale following the interface language, spec §1; the account's theme
 * color, spec §9). A lazy chunk of its own, loaded by `WithAnt` for every page that uses antd,
 * so the public home, which uses none, never downloads Ant Design's runtime (docs/web.md).
 */
export default function AntShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { themeColor } = useSession();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{ token: { ...READABLE, colorPrimary: themeColor } }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
