import { AUTH_PATHS, type TokenResult } from '@tcm/contract';
import { createHttpClient } from './http.js';
import { currentLanguage, i18n, portalLanguage } from './i18n.js';
import { clearSession, getSession, saveTokens } from './session.js';

/**
 * Fixed web client of the Basic header on sign-in, refresh and captcha calls (spec §7): the one
 * the server is configured with (CLIENT_ID / CLIENT_SECRET), which it writes into the page it
 * serves (meta tcm-client, apps/server/src/http/web.ts). Only a page not served by the API server
 * (the Vite dev server) lacks it and uses the server's default client.
 */
export const CLIENT_BASIC = `Basic ${clientFromPage() ?? btoa('tcm-web:tcm-web-secret')}`;

function clientFromPage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="tcm-client"]')?.content || undefined;
}

/** Path of the Login route with loginOut set (spec §2: the Login route accepts loginOut). */
export const LOGIN_OUT_URL = `${import.meta.env.BASE_URL}login?loginOut=1`;

async function refreshTokens(): Promise<void> {
  const refresh = getSession().refreshToken;
  if (!refresh) return;
  const t = await http.post<TokenResult>(AUTH_PATHS.refreshToken, {
    form: { refresh_token: refresh },
    headers: { Authorization: CLIENT_BASIC },
    noErrorMessage: true,
  });
  saveTokens(t.access_token, t.refresh_token);
}

/** The one HTTP client of the app (spec §7), wired to the session, antd toasts and the 1200001 alert. */
export const http = createHttpClient({
  fetch: (...a) => fetch(...a),
  token: () => getSession().token,
  language: currentLanguage,
  portalLanguage: () => portalLanguage(currentLanguage()),
  // antd is imported when a toast or the alert is needed (by then a page has usually loaded it):
  // the public home's first load carries no antd (docs/web.md).
  toastError: (text) => void import('antd').then(({ message }) => message.error(text)),
  confirmTokenInvalid: (text) =>
    new Promise<void>((resolve) => {
      void import('antd').then(({ Modal }) =>
        Modal.warning({
          title: i18n.t('app.hint'),
          content: text,
          okText: i18n.t('app.ok'),
          closable: false,
          keyboard: false,
          maskClosable: false,
          onOk: () => resolve(),
        }),
      );
    }),
  afterTokenInvalid: () => {
    void logout().finally(() => window.location.assign(LOGIN_OUT_URL));
  },
  refresh: refreshTokens,
});

/** Logout: the server call (best effort), then the forced local logout (spec §4). */
export async function logout(): Promise<void> {
  try {
    if (getSession().token) await http.post(AUTH_PATHS.loginOut, { noErrorMessage: true });
  } catch {
    // The session may already be gone on the server; the local state is cleared regardless.
  } finally {
    clearSession();
  }
}
