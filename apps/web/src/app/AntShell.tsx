import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, Grid } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../lib/reduced-motion.js';
import { useSession } from '../lib/session.js';
import './phone-touch.css';

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
 * Below antd's md breakpoint (768 px) every control is a 44 px touch target (WCAG 2.5.5, issue 34
 * item 1): buttons, fields, selects, date pickers and pagination take their height from these
 * tokens (small ones too: a small button is as hard to hit with a finger); phone-touch.css covers
 * what no token sizes (switches, checkboxes, radios, segmented items, close buttons). Desktops
 * keep antd's 32 px.
 */
const TOUCH = { controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 };

/**
 * Ant Design's providers (locale following the interface language, spec §1; the account's theme
 * color, spec §9; no animation for a reader who asked the system for reduced motion). A lazy chunk of its own, loaded by `WithAnt` for every page that uses antd,
 * so the public home, which uses none, never downloads Ant Design's runtime (docs/web.md).
 */
export default function AntShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { themeColor } = useSession();
  const phone = Grid.useBreakpoint().md === false;
  // `motion: false` is antd's own switch: dialogs, popovers and messages appear without animating.
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{
        token: { ...READABLE, colorPrimary: themeColor, ...(phone ? TOUCH : {}), ...(still ? { motion: false } : {}) },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
