import { AUTH_PATHS, LANGUAGE_HEADER, NO_ERROR_MESSAGE_HEADER, REFRESH_TOKEN_HEADER, SPEC_ERRORS } from '@tcm/contract';
import type { UiLanguage } from './error-text.js';

/**
 * The error tables (zh/en words for every code) load with the first failed call: they come from
 * contract files that also build zod schemas, which the public home's first load leaves out
 * (docs/web.md "Speed and reach"). A call is async anyway, so a failure waits for them.
 */
const errorTexts = () => import('./error-text.js');

/** HTTP timeout of spec §9, ms. */
export const HTTP_TIMEOUT_MS = 30000;

export interface RequestOptions {
  params?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body; for /portal/ paths the language field is added to it. */
  body?: unknown;
  /** Form-encoded body (spec §7 sign-in, refresh, updateStatus). */
  form?: Record<string, string>;
  multipart?: FormData;
  headers?: Record<string, string>;
  /** The header of spec §7 that suppresses the error toast. */
  noErrorMessage?: boolean;
  signal?: AbortSignal;
}

/** Error a failed request rejects with: the envelope code (or HTTP status) and the text shown. */
export class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number | null,
    /** The envelope's data on a refusal (e.g. the questions a form check names), else null. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface HttpDeps {
  fetch: typeof fetch;
  token(): string | null;
  language(): UiLanguage;
  /** Value sent as the portal language (spec §9 "zh-cn and others"). */
  portalLanguage(): string;
  toastError(text: string): void;
  /** Shows the 1200001 dialog; resolves when the user confirmed. */
  confirmTokenInvalid(text: string): Promise<void>;
  /** Logout + Login route with loginOut + reload (spec §4). */
  afterTokenInvalid(): void;
  refresh(): Promise<void>;
  timeoutMs?: number;
}

/** Whether a path carries the language header and field (spec §7). */
export function wantsLanguage(path: string): boolean {
  if (!path.includes('/portal/')) return false;
  return !['/ossFile/', '/news/add', '/news/edit'].some((p) => path.includes(p));
}

async function readEnvelope(res: Response): Promise<{ code: number; msg: string | null; data: unknown } | null> {
  try {
    const p = (await res.json()) as { code?: unknown; msg?: unknown; data?: unknown } | null;
    if (!p || typeof p.code !== 'number') return null;
    return { code: p.code, msg: typeof p.msg === 'string' ? p.msg : null, data: p.data };
  } catch {
    return null;
  }
}

function buildUrl(path: string, params: RequestOptions['params']): string {
  if (!params) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.append(k, String(v));
  const s = q.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/** One HTTP client for the whole app (spec §7 shared request rules). */
export function createHttpClient(deps: HttpDeps) {
  let tokenDialogOpen = false;
  let refreshing: Promise<void> | null = null;

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    // The server words `msg` in the language asked for; ask for the interface language.
    const headers: Record<string, string> = {
      'Accept-Language': deps.language() === 'en' ? 'en' : 'zh-CN',
      ...opts.headers,
    };
    const token = deps.token();
    if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
    if (opts.noErrorMessage) headers[NO_ERROR_MESSAGE_HEADER] = '1';
    let params = opts.params;
    let body: BodyInit | undefined;
    const lang = wantsLanguage(path) ? deps.portalLanguage() : null;
    if (lang) headers[LANGUAGE_HEADER] = lang;
    if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(lang ? { ...opts.form, language: lang } : opts.form).toString();
    } else if (opts.multipart) {
      if (lang) opts.multipart.set('language', lang);
      body = opts.multipart;
    } else if (opts.body !== undefined || (lang && method !== 'GET' && method !== 'DELETE')) {
      headers['Content-Type'] = 'application/json';
      const b = opts.body;
      const withLang = lang && (b === undefined || (typeof b === 'object' && b !== null && !Array.isArray(b)));
      body = JSON.stringify(withLang ? { ...b, language: lang } : b);
    }
    if (lang && (method === 'GET' || method === 'DELETE')) params = { ...params, language: lang };

    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), deps.timeoutMs ?? HTTP_TIMEOUT_MS);
    opts.signal?.addEventListener('abort', () => ctrl.abort());
    let res: Response;
    try {
      res = await deps.fetch(buildUrl(path, params), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: ctrl.signal,
      });
    } catch {
      return fail(null, (await errorTexts()).httpFailureText(null, deps.language()), null, opts);
    } finally {
      clearTimeout(timer);
    }
    if (res.headers.get(REFRESH_TOKEN_HEADER) !== null && !path.includes(AUTH_PATHS.refreshToken)) {
      refreshing ??= deps.refresh().finally(() => (refreshing = null));
      refreshing.catch(() => undefined);
    }
    const payload = await readEnvelope(res);
    if (!payload)
      return fail(res.status, (await errorTexts()).httpFailureText(res.status, deps.language()), res.status, opts);
    if (payload.code === 0) return payload.data as T;
    const text = (await errorTexts()).errorText(payload.code, payload.msg, deps.language());
    if (payload.code === SPEC_ERRORS.TOKEN_INVALID.code) {
      if (!tokenDialogOpen) {
        tokenDialogOpen = true;
        void deps.confirmTokenInvalid(text).then(() => {
          tokenDialogOpen = false;
          deps.afterTokenInvalid();
        });
      }
      throw new HttpError(payload.code, text, res.status);
    }
    return fail(payload.code, text, res.status, opts, payload.data ?? null);
  }

  function fail(code: number | null, text: string, status: number | null, opts: RequestOptions, data?: unknown): never {
    if (!opts.noErrorMessage) deps.toastError(text);
    throw new HttpError(code ?? -1, text, status, data ?? null);
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts),
    del: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}
export type HttpClient = ReturnType<typeof createHttpClient>;
