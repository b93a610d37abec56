import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRAINING_ERRORS, TRAINING_PATHS, type TrainingTeachingCaseState } from '@tcm/contract';
import { envelope, resetFetchAndSession } from '../../../test/fetch-stub.js';
import '../../../lib/i18n.js';
import { TeachingCaseButton } from './TeachingCaseButton.js';

afterEach(resetFetchAndSession);

const RECORD = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** GET answers the current state; POST marks (or refuses with `refuse`) and changes the state. */
function serve(first: TrainingTeachingCaseState | 'forbidden', refuse?: { code: number; zh: string }) {
  let state = first;
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const forbidden = () => {
        const f = TRAINING_ERRORS.RECORD_NOT_YOURS;
        return new Response(JSON.stringify({ code: f.code, msg: f.zh }), { status: 403 });
      };
      if ((init?.method ?? 'GET') === 'GET') {
        expect(url).toContain(TRAINING_PATHS.teachingCaseOf(RECORD));
        return state === 'forbidden' ? forbidden() : envelope(0, state);
      }
      const body = JSON.parse(init!.body as string) as { key: TrainingTeachingCaseState['engine']; note?: string };
      posts.push(body);
      if (refuse) return new Response(JSON.stringify({ code: refuse.code, msg: refuse.zh }), { status: 400 });
      state = { marked: { key: body.key as never, note: body.note ?? null }, engine: null };
      return envelope(0, { id: 'q1' });
    }),
  );
  return posts;
}

const button = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <TeachingCaseButton recordId={RECORD} />
      </App>
    </QueryClientProvider>,
  );

describe('teaching-case button (doctor area, issue 23)', () => {
  it('starts from the engine’s reading, marks the record, then shows it as marked', async () => {
    const posts = serve({ marked: null, engine: { bodyColor: 'pale', cracks: 'none' } });
    button();
    fireEvent.click(await screen.findByText('标为教学病例', { selector: 'button span' }));
    // The engine's labels are the starting point, worded.
    expect(await screen.findByText('淡白')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ recordId: RECORD, key: { bodyColor: ['pale'], cracks: ['none'] } });
    expect(await screen.findByText('教学病例（修改）')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog, and no button for another doctor’s record', async () => {
    const refusal = TRAINING_ERRORS.RECORD_NOT_USABLE;
    serve({ marked: null, engine: { bodyColor: 'red' } }, refusal);
    const { unmount } = button();
    fireEvent.click(await screen.findByText('标为教学病例', { selector: 'button span' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByTestId('teaching-error')).textContent).toContain(refusal.zh);
    unmount();

    serve('forbidden');
    const other = button();
    // The lookup has answered 403 (and the page settled) before the button is looked for.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(other.queryByTestId(`teaching-case-${RECORD}`)).toBeNull();
  });
});
