import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http.js';
import { lookupFiles } from './files.js';
import { loadOptions, lookupErrorText } from './options.js';

function client(body: unknown, status = 200) {
  const toastError = vi.fn();
  const http = createHttpClient({
    fetch: async () => new Response(JSON.stringify(body), { status }),
    token: () => null,
    language: () => 'zh',
    portalLanguage: () => 'zh-cn',
    toastError,
    confirmTokenInvalid: () => Promise.resolve(),
    afterTokenInvalid: () => undefined,
    refresh: () => Promise.resolve(),
  });
  return { http, toastError };
}

describe('select options', () => {
  it('maps a code-0 list with the configured keys, skipping malformed items', async () => {
    const { http } = client({ code: 0, msg: '', data: [{ id: 1, name: '甲' }, { id: 'b' }, { name: 'no id' }, 5] });
    expect(await loadOptions(http, { url: '/x', valueKey: 'id', labelKey: 'name' })).toEqual([
      { value: 1, label: '甲' },
      { value: 'b', label: 'b' },
    ]);
  });
  it('shows the error message when the load fails', async () => {
    const { http, toastError } = client({ code: 2000404, msg: '没有选项', data: null }, 404);
    await expect(loadOptions(http, { url: '/x' })).rejects.toThrow('没有选项');
    expect(toastError).toHaveBeenCalledWith('没有选项');
  });
});

describe('error text lookup', () => {
  const texts: Record<string, string> = { 'err.1200019': '登录名已存在', 'col.name': '姓名' };
  const has = (k: string) => k in texts;
  const t = (k: string) => texts[k] ?? k;
  it('tries route, code, column, then falls back to the key', () => {
    expect(lookupErrorText(has, t, { route: 'route.x.err', code: 'err.1200019', column: 'col.name' })).toBe(
      '登录名已存在',
    );
    expect(lookupErrorText(has, t, { route: 'route.x.err', column: 'col.name' })).toBe('姓名');
    expect(lookupErrorText(has, t, { route: 'route.x.err' })).toBe('route.x.err');
  });
});

describe('file lookup', () => {
  it('asks by uuid or uuids and keeps well-formed files', async () => {
    const urls: string[] = [];
    const http = createHttpClient({
      fetch: (async (u: string) => {
        urls.push(u);
        return new Response(
          JSON.stringify({
            code: 0,
            msg: '',
            data: u.includes('uuids')
              ? [{ uuid: 'a', name: 'a', url: '/a' }, { uuid: 'b' }]
              : { uuid: 'c', name: 'c', url: '/c' },
          }),
        );
      }) as unknown as typeof fetch,
      token: () => null,
      language: () => 'zh',
      portalLanguage: () => 'zh-cn',
      toastError: () => undefined,
      confirmTokenInvalid: () => Promise.resolve(),
      afterTokenInvalid: () => undefined,
      refresh: () => Promise.resolve(),
    });
    expect(await lookupFiles(http, '/files', ['c'])).toEqual([{ uuid: 'c', name: 'c', url: '/c' }]);
    expect(await lookupFiles(http, '/files', ['a', 'b'])).toEqual([{ uuid: 'a', name: 'a', url: '/a' }]);
    expect(await lookupFiles(http, '/files', [])).toEqual([]);
    expect(urls).toEqual(['/files?uuid=c', '/files?uuids=a%2Cb']);
  });
});
