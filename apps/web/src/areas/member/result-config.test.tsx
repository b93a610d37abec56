import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ADVICE_CONFIG_ERRORS, ADVICE_CONFIG_PATHS, type AdviceConfigState } from '@tcm/contract';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { ResultConfigPage } from './ResultConfigPage.js';
import './texts.js';

afterEach(resetFetchAndSession);

const STATE: AdviceConfigState = {
  current: null,
  defaults: {
    'constitution:B': { diet: [{ zh: '多食山药', en: 'Eat yam' }] },
    'pattern:qi_deficiency': { diet: [{ zh: '少食生冷', en: 'Avoid cold food' }] },
    'risk:bmi:underweight': { diet: [{ zh: '增加优质蛋白', en: 'Eat more quality protein' }] },
  },
  history: [],
};

/** Answers GET with `state` and POST save with version 1; records each call. */
function serve(state: AdviceConfigState | 'forbidden') {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : null });
      if (state === 'forbidden') {
        const f = ADVICE_CONFIG_ERRORS.FLAG_REQUIRED;
        return new Response(JSON.stringify({ code: f.code, msg: f.zh }), { status: 403 });
      }
      if (method === 'GET') return envelope(0, state);
      return envelope(0, {
        version: 1,
        action: 'save',
        entries: {},
        note: null,
        createdBy: null,
        createdAt: '2026-11-26T05:00:00Z',
      });
    }),
  );
  return calls;
}

const page = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ResultConfigPage />
      </App>
    </QueryClientProvider>,
  );

describe('conclusion configuration page', () => {
  it('shows the defaults, and saves an edited line as the entries of its key', async () => {
    const calls = serve(STATE);
    page();
    const zh = await screen.findByTestId<HTMLTextAreaElement>('result-config-diet-zh');
    expect(zh.value).toBe('多食山药');
    fireEvent.change(zh, { target: { value: '<b>少食生冷</b>' } });
    fireEvent.click(screen.getByTestId('result-config-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain(ADVICE_CONFIG_PATHS.current);
    expect(post.body).toEqual({ entries: { 'constitution:B': { diet: [{ zh: '<b>少食生冷</b>', en: 'Eat yam' }] } } });
  });

  it("shows the server's refusal", async () => {
    serve('forbidden');
    page();
    const err = await screen.findByTestId('result-config-error');
    expect(err.textContent).toContain(ADVICE_CONFIG_ERRORS.FLAG_REQUIRED.zh);
  });

  it('lists the advice keys by their words, never the raw id', async () => {
    serve(STATE);
    page();
    const select = await screen.findByTestId('result-config-key');
    // The chosen key shows its words.
    expect(select.textContent).toContain('体质：气虚质');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    await screen.findByText('证型：气虚证');
    expect(screen.getByText('风险：体重指数 · 体重过低')).toBeTruthy();
    // What people read (the options' and the selection's text; antd keeps the value for screen readers only).
    const shown = [select.textContent ?? ''].concat(
      [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent ?? ''),
    );
    expect(shown).toHaveLength(4);
    expect(shown.filter((x) => /pattern:|constitution:|risk:/.test(x))).toEqual([]);
  });
});
