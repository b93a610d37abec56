import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SITE_LANG_PARAM } from '@tcm/contract';
import { readCookie, writeCookie } from './cookies.js';
import type { UiLanguage } from './error-text.js';
import { en } from './locales/en.js';
import { zh } from './locales/zh.js';

/** Cookie keeping the interface language (spec §1). */
export const LANGUAGE_COOKIE = 'language';

/**
 * The interface language: a shared or crawled public address may name it (`?hl=en`, the link the
 * server's page head and sitemap give for English; docs/web.md), which is then kept in the
 * cookie; otherwise the cookie, Chinese by default.
 */
export function storedLanguage(): UiLanguage {
  const hl = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(SITE_LANG_PARAM);
  if (hl === 'en' || hl === 'zh') {
    writeCookie(LANGUAGE_COOKIE, hl, 365);
    return hl;
  }
  return readCookie(LANGUAGE_COOKIE) === 'en' ? 'en' : 'zh';
}

/** Value sent to /portal/ calls (spec §9: zh-cn and others). */
export function portalLanguage(lang: UiLanguage): string {
  return lang === 'zh' ? 'zh-cn' : 'en';
}

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function currentLanguage(): UiLanguage {
  return i18n.language === 'en' ? 'en' : 'zh';
}

export async function setLanguage(lang: UiLanguage): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, lang, 365);
  await i18n.changeLanguage(lang);
}
