import { expect, vi } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { envelope } from './fetch-stub.js';

type Route = [path: string, answer: (body: unknown) => unknown];

/**
 * A stand-in server for a screen's write test (docs/web.md "Server data"): `fetch` answers each
 * call by the route whose path is the URL's path, records what was sent, and can hold one path's
 * answer until the test lets it go (to see the screen while the write runs) or refuse it with a
 * server message. The HTTP client, the query client and the screens are the real ones.
 */
export function stubServer(routes: Route[]) {
  const sent: Array<{ path: string; body: unknown }> = [];
  let held: { path: string; open: Promise<void> } | null = null;
  let refusal: { path: string; code: number; msg: string } | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(String(url), 'http://test').pathname;
      const raw = typeof init.body === 'string' ? init.body : null;
      const body: unknown = raw?.startsWith('{') ? JSON.parse(raw) : raw;
      sent.push({ path, body });
      if (held?.path === path) await held.open;
      if (refusal?.path === path)
        return new Response(JSON.stringify({ code: refusal.code, msg: refusal.msg, data: null }), {
          headers: { 'content-type': 'application/json' },
        });
      const route = routes.find(([p]) => p === path);
      return envelope(0, route ? route[1](body) : null);
    }),
  );
  return {
    sent,
    /** How many calls went to `path`. */
    count: (path: string) => sent.filter((s) => s.path === path).length,
    /** Holds the answers of `path`; the returned function lets them go. */
    hold(path: string) {
      let release = () => undefined as void;
      held = { path, open: new Promise<void>((r) => (release = r)) };
      return () => {
        held = null;
        release();
      };
    },
    /** Answers `path` with a refusal: the envelope's code and the server's message. */
    refuse: (path: string, code: number, msg: string) => void (refusal = { path, code, msg }),
  };
}

export type ServerStub = ReturnType<typeof stubServer>;

/**
 * Clicks `button` twice while `path`'s answer is held: the write is sent once and the button
 * shows the mutation's pending state (antd's spinner, which also ignores clicks). Then lets the
 * answer go.
 */
export async function expectOneWriteWhilePending(server: ServerStub, path: string, button: () => HTMLElement) {
  const release = server.hold(path);
  const before = server.count(path);
  fireEvent.click(button());
  await waitFor(() => expect(server.count(path)).toBe(before + 1));
  await waitFor(() => expect(button().className).toContain('ant-btn-loading'));
  fireEvent.click(button());
  expect(server.count(path), 'a second click while the write runs sends nothing').toBe(before + 1);
  release();
}

/**
 * findBy's wait for what follows a write (the list read again, a refusal's toast): the HTTP
 * client loads its error tables with the first failed call (a lazy import), and on the shared
 * 2-core machine that alone can outlast findBy's default (load, not a defect).
 */
export const UNDER_LOAD = { timeout: 30_000 };
