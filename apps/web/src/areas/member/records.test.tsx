import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RECORD_ERRORS, RECORD_PATHS, type RecordPage } from '@tcm/contract';
import { RecordDetailView, RecordsPage } from './RecordsPage.js';
import '../../record/texts.js';
import { doneRecord } from '../../record/fixtures/done-record.js';

/** Answers the app's fetches like the server does: an envelope with its HTTP status. */
function serve(routes: Record<string, { status: number; body: unknown }>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : null });
      const hit = Object.entries(routes).find(([p]) => url.startsWith(p));
      const r = hit?.[1] ?? { status: 404, body: { code: 404, msg: 'not found' } };
      return new Response(JSON.stringify(r.body), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: React.ReactNode, path = '/') => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
  </QueryClientProvider>
);

describe('record lists and detail', () => {
  it("shows the server's refusal of another team's record as a 403 page", async () => {
    const id = '00000000-0000-4000-8000-00000000000a';
    const f = RECORD_ERRORS.RECORD_FORBIDDEN;
    serve({ [RECORD_PATHS.detail(id)]: { status: 403, body: { code: f.code, msg: f.zh } } });
    render(wrap(<RecordDetailView id={id} />));
    const denied = await screen.findByTestId('record-denied');
    expect(denied.textContent).toContain('403');
    expect(denied.textContent).toContain(f.zh);
  });

  it('asks for the scope with paging of 100 and lists the rows the server returns', async () => {
    const page: RecordPage = {
      total: 1,
      totalCapped: false,
      page: 1,
      size: 100,
      list: [
        {
          id: '00000000-0000-4000-8000-00000000000b',
          source: 'device',
          kind: 'normal',
          status: 'done',
          person: { name: '李四', sex: 'male', age: 40 },
          teamId: null,
          ownerId: null,
          ownerName: null,
          deviceId: null,
          deviceName: '前台一体机',
          captures: ['tongue'],
          conclusion: '气虚质',
          failure: null,
          missing: [],
          attempts: 1,
          lang: 'zh',
          createdAt: '2026-11-22T08:00:00Z',
          updatedAt: '2026-11-22T08:00:00Z',
          finishedAt: '2026-11-22T08:00:05Z',
        },
      ],
    };
    const calls = serve({ [RECORD_PATHS.list]: { status: 200, body: { code: 0, msg: 'ok', data: page } } });
    render(wrap(<RecordsPage scope="deviceRecord" />, '/member/config/deviceRecord'));
    await screen.findByText('李四');
    expect(screen.getByText('前台一体机')).toBeTruthy();
    expect(screen.getByText('气虚质')).toBeTruthy();
    expect(screen.getByTestId('row-status').textContent).toBe('已完成');
    expect(calls[0]!.body).toMatchObject({ scope: 'deviceRecord', page: 1, size: 100 });
  }, 60_000); // a full table render took 21-26 s at load average 25-28 on the shared machine

  it('a total the server stopped counting reads "more than", not an exact count (issue 25 item 7)', async () => {
    const page: RecordPage = { total: 10000, totalCapped: true, page: 1, size: 100, list: [] };
    serve({ [RECORD_PATHS.list]: { status: 200, body: { code: 0, msg: 'ok', data: page } } });
    render(wrap(<RecordsPage scope="memberRecord" />));
    await screen.findByText('超过 10000 条');
    expect(screen.queryByText('共 10000 条')).toBeNull();
  });

  it('shows a list refusal (deviceRecord for a plain member) instead of the table', async () => {
    const f = RECORD_ERRORS.SCOPE_FORBIDDEN;
    serve({ [RECORD_PATHS.list]: { status: 403, body: { code: f.code, msg: f.zh } } });
    render(wrap(<RecordsPage scope="deviceRecord" />));
    await waitFor(() => expect(screen.getByTestId('records-error').textContent).toContain(f.zh));
  });
});

describe('the detail drawer moving to another record (issue 34)', () => {
  it("shows the next record's refusal, not the record it showed before", async () => {
    const seen = { ...doneRecord(), id: '00000000-0000-4000-8000-0000000000c1' };
    const refused = '00000000-0000-4000-8000-0000000000c2';
    const f = RECORD_ERRORS.RECORD_FORBIDDEN;
    serve({
      [RECORD_PATHS.detail(seen.id)]: { status: 200, body: { code: 0, msg: 'ok', data: seen } },
      [RECORD_PATHS.detail(refused)]: { status: 403, body: { code: f.code, msg: f.zh } },
    });
    const { rerender } = render(wrap(<RecordDetailView id={seen.id} />));
    await screen.findByTestId('record-result', {}, { timeout: 10_000 });
    // The drawer stays open while its `?id=` changes (a history entry opened from inside it).
    rerender(wrap(<RecordDetailView id={refused} />));
    const denied = await screen.findByTestId('record-denied', {}, { timeout: 10_000 });
    expect(denied.textContent).toContain(f.zh);
    expect(screen.queryByTestId('record-result')).toBeNull();
  });
});
