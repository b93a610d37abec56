import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RECORD_ERRORS, RECORD_EXPORT_PATHS, WECHAT_BIND_PATHS } from '@tcm/contract';
import { door, fakeServer, isSpinning, refusal } from '../../test/fake-server.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { RecordsExportBar } from './RecordsExportBar.js';
import { WechatBindPage, WechatBoundPage } from './WechatBindPage.js';
import './texts.js';

const SCENE = 'abcdefghijklmnopqrstuvwx';

/** Answers the app's fetches like the server does; `file` answers are bytes, the rest envelopes. */
function serve(routes: Record<string, { status: number; body?: unknown; file?: string }>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : null });
      const r = Object.entries(routes).find(([p]) => url.startsWith(p))?.[1] ?? {
        status: 404,
        body: { code: 404, msg: 'not found' },
      };
      if (r.file) return new Response('PK', { status: r.status, headers: { 'content-type': r.file } });
      return new Response(JSON.stringify(r.body), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

describe('the binding page when its state cannot be read (issue 34)', () => {
  it('says the read failed with the server\'s words, not "not bound"', async () => {
    serve({ [WECHAT_BIND_PATHS.mine]: { status: 500, body: { code: 500, msg: '服务暂不可用' } } });
    render(wrap('/member/config/bind-wechat/result'));
    await waitFor(
      () => expect(screen.getByTestId('wechat-state').textContent).toBe('无法读取微信绑定状态：服务暂不可用'),
      {
        timeout: 10_000,
      },
    );
  });
});

/** The shared test machine is loaded: a refetch may take longer than the 1 s default wait. */
const SLOW = { timeout: 10_000 };

const wrap = (path: string) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/member/config/bandWeChatSuccess/:idCode" element={<WechatBoundPage />} />
          <Route path="/member/config/bind-wechat/result" element={<WechatBindPage />} />
        </Routes>
      </MemoryRouter>
    </App>
  </QueryClientProvider>
);

const binding = (status: string, qrUrl: string | null = null) => ({
  status: 200,
  body: {
    code: 0,
    msg: 'ok',
    data: { scene: SCENE, status, qrUrl, expiresAt: new Date(Date.now() + 6e5).toISOString() },
  },
});

describe('WeChat binding pages', () => {
  it('bandWeChatSuccess/:idCode shows success for a bound code', async () => {
    serve({ [WECHAT_BIND_PATHS.status(SCENE)]: binding('bound') });
    render(wrap(`/member/config/bandWeChatSuccess/${SCENE}`));
    expect(await screen.findByTestId('wechat-outcome-bound')).toBeTruthy();
  });

  it('bind-wechat/result?scene= shows a conflict as a failure, not a success', async () => {
    serve({ [WECHAT_BIND_PATHS.status(SCENE)]: binding('conflict') });
    render(wrap(`/member/config/bind-wechat/result?scene=${SCENE}`));
    expect(await screen.findByTestId('wechat-outcome-conflict')).toBeTruthy();
    expect(screen.queryByTestId('wechat-outcome-bound')).toBeNull();
  });

  it('the bind page makes a QR code of WeChat’s link and moves to the success page once bound', async () => {
    serve({
      [WECHAT_BIND_PATHS.mine]: { status: 200, body: { code: 0, msg: 'ok', data: { bound: false } } },
      [WECHAT_BIND_PATHS.create]: binding('pending', 'http://weixin.qq.com/q/TICKET'),
    });
    render(wrap('/member/config/bind-wechat/result'));
    fireEvent.click(await screen.findByTestId('wechat-start'));
    expect(await screen.findByTestId('wechat-qr')).toBeTruthy();
    // WeChat reports the scan: the next poll reads bound.
    serve({ [WECHAT_BIND_PATHS.status(SCENE)]: binding('bound') });
    expect(await screen.findByTestId('wechat-outcome-bound', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('records export bar', () => {
  it('sends the list filter with the reader language; the ZIP takes the ticked ids only', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const calls = serve({
      [RECORD_EXPORT_PATHS.xlsx]: {
        status: 200,
        file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      [RECORD_EXPORT_PATHS.zip]: { status: 200, file: 'application/zip' },
    });
    const filter = { scope: 'teamRecord' as const, search: '张', status: 'done' as const };
    // In a query client (the bar's busy state is a mutation's), as App renders every screen.
    renderWithQuery(
      <App>
        <RecordsExportBar filter={filter} selected={['00000000-0000-4000-8000-00000000000b']} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(calls.length).toBe(1));
    expect(calls[0]).toMatchObject({ url: RECORD_EXPORT_PATHS.xlsx, body: { ...filter, lang: 'zh' } });
    fireEvent.click(screen.getByTestId('export-zip'));
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]!.body).toMatchObject({ ...filter, ids: ['00000000-0000-4000-8000-00000000000b'] });
  });

  it("spins only the running export's button, and shows the server's refusal of the other", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const gate = door();
    const f = RECORD_ERRORS.RECORD_FORBIDDEN;
    fakeServer({
      [`POST ${RECORD_EXPORT_PATHS.xlsx}`]: async () => {
        await gate.passed;
        return { file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
      },
      [`POST ${RECORD_EXPORT_PATHS.zip}`]: refusal(f),
    });
    renderWithQuery(
      <App>
        <RecordsExportBar filter={{ scope: 'memberRecord' }} selected={[]} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(isSpinning(screen.getByTestId('export-xlsx'))).toBe(true), SLOW);
    expect(isSpinning(screen.getByTestId('export-zip'))).toBe(false);
    gate.open();
    await waitFor(() => expect(isSpinning(screen.getByTestId('export-xlsx'))).toBe(false), SLOW);
    fireEvent.click(screen.getByTestId('export-zip'));
    expect(await screen.findByText(f.zh, {}, SLOW)).toBeTruthy();
    // Two exports under the shared machine's load run past the 20 s default (not a defect).
  }, 60_000);
});
