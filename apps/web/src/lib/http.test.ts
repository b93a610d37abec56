import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError, wantsLanguage, type HttpDeps } from './http.js';

function setup(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  over: Partial<HttpDeps> = {},
) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const deps: HttpDeps = {
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url, init);
    }) as unknown as typeof fetch,
    token: () => 'tok',
    language: () => 'zh',
    portalLanguage: () => 'zh-cn',
    toastError: vi.fn(),
    confirmTokenInvalid: vi.fn(() => Promise.resolve()),
    afterTokenInvalid: vi.fn(),
    refresh: vi.fn(() => Promise.resolve()),
    ...over,
  };
  return { client: createHttpClient(deps), deps, calls };
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('http client', () => {
  it('sends Bearer, credentials, and returns data on code 0', async () => {
    const { client, calls } = setup(() => json({ code: 0, msg: 'ok', data: { a: 1 } }));
    await expect(client.get('/backend/x')).resolves.toEqual({ a: 1 });
    const h = calls[0]!.init.headers as Record<string, string>;
    expect(h.Authorization).toBe('Bearer tok');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(h.language).toBeUndefined();
    expect(h['Accept-Language']).toBe('zh-CN');
  });

  it('adds the language header and field on /portal/ paths except the excluded ones', async () => {
    expect(wantsLanguage('/backend/portal/news/list')).toBe(true);
    expect(wantsLanguage('/backend/portal/ossFile/upload')).toBe(false);
    expect(wantsLanguage('/backend/portal/news/add')).toBe(false);
    expect(wantsLanguage('/backend/portal/news/edit')).toBe(false);
    expect(wantsLanguage('/backend/sys/x')).toBe(false);
    const { client, calls } = setup(() => json({ code: 0, msg: '', data: null }));
    await client.get('/backend/portal/a', { params: { q: 1 } });
    await client.post('/backend/portal/b', { body: { x: 2 } });
    expect(calls[0]!.url).toBe('/backend/portal/a?q=1&language=zh-cn');
    expect((calls[0]!.init.headers as Record<string, string>).language).toBe('zh-cn');
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ x: 2, language: 'zh-cn' });
  });

  it('toasts server msg, then mapped text, then the default; skips with the suppression header', async () => {
    const bodies = [
      { code: 1200019, msg: '服务器说', data: null },
      { code: 1200019, msg: '', data: null },
      { code: 987654, msg: '', data: null },
      { code: 987654, msg: '', data: null },
    ];
    const { client, deps, calls } = setup(() => json(bodies.shift(), 409));
    await expect(client.get('/a')).rejects.toBeInstanceOf(HttpError);
    await expect(client.get('/a')).rejects.toThrow('登录名已存在');
    await expect(client.get('/a')).rejects.toThrow('系统未知错误,请反馈给管理员');
    await expect(client.get('/a', { noErrorMessage: true })).rejects.toThrow();
    expect((deps.toastError as ReturnType<typeof vi.fn>).mock.calls.map((c) => c[0])).toEqual([
      '服务器说',
      '登录名已存在',
      '系统未知错误,请反馈给管理员',
    ]);
    expect((calls[3]!.init.headers as Record<string, string>)['x-no-error-message']).toBe('1');
  });

  it('maps HTTP-level failures and network errors', async () => {
    const { client, deps } = setup((url) =>
      url === '/down' ? Promise.reject(new TypeError('net')) : new Response('<html>', { status: 502 }),
    );
    await expect(client.get('/html')).rejects.toMatchObject({ status: 502 });
    await expect(client.get('/down')).rejects.toMatchObject({ status: null });
    expect((deps.toastError as ReturnType<typeof vi.fn>).mock.calls.map((c) => c[0])).toEqual([
      '系统未知错误,请反馈给管理员',
      '系统未知错误,请反馈给管理员',
    ]);
  });

  it('aborts after the timeout', async () => {
    const { client } = setup(
      (_u, init) =>
        new Promise((_res, rej) =>
          init.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError'))),
        ),
      { timeoutMs: 20 },
    );
    await expect(client.get('/slow')).rejects.toBeInstanceOf(HttpError);
  });

  it('shows one 1200001 dialog and then logs out', async () => {
    const { client, deps } = setup(() => json({ code: 1200001, msg: '访问凭据无效,请重新登录', data: null }, 401));
    await Promise.allSettled([client.get('/a'), client.get('/b')]);
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.confirmTokenInvalid).toHaveBeenCalledTimes(1);
    expect(deps.afterTokenInvalid).toHaveBeenCalledTimes(1);
    expect(deps.toastError).not.toHaveBeenCalled();
  });

  it('refreshes once when the response carries refresh-token-header', async () => {
    const { client, deps } = setup(() => json({ code: 0, msg: '', data: 1 }, 200, { 'refresh-token-header': '30' }));
    await Promise.all([client.get('/a'), client.get('/b')]);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('sends form bodies url-encoded', async () => {
    const { client, calls } = setup(() => json({ code: 0, msg: '', data: 1 }));
    await client.post('/f', { form: { loginName: 'a b' } });
    expect(calls[0]!.init.body).toBe('loginName=a+b');
  });
});
