import { vi } from 'vitest';

/**
 * What a route answers: data in the envelope (code 0), a refusal with its code, message and
 * status, or a file of that content type.
 */
export type Answer = { data: unknown } | { status: number; code: number; msg: string } | { file: string };
type Handler = (body: unknown, url: string) => Answer | Promise<Answer>;

/**
 * The server as component tests see it: `fetch` answers each `METHOD /path` (query string left
 * off) from its handler, in the API envelope, and 404 for any other; the calls are recorded. A
 * handler keeps its own state, so a write changes what the next read returns, as the server does.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0]!;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? null);
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      const a: Answer = handler ? await handler(body, url) : { status: 404, code: 404, msg: `no route ${path}` };
      if ('file' in a) return new Response('PK', { status: 200, headers: { 'content-type': a.file } });
      const envelope = 'data' in a ? { code: 0, msg: '', data: a.data } : { code: a.code, msg: a.msg, data: null };
      return new Response(JSON.stringify(envelope), {
        status: 'data' in a ? 200 : a.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A door the test opens: a handler awaits `passed` to hold its answer while the test looks at the pending screen. */
export function door() {
  let open!: () => void;
  const passed = new Promise<void>((r) => (open = r));
  return { passed, open };
}

/** Whether an antd button shows its spinner (`loading`): it ignores clicks meanwhile. */
export const isSpinning = (el: HTMLElement) => !!el.closest('button')?.classList.contains('ant-btn-loading');

/**
 * A write's handler: held until `gate` opens (when given), answered by `answer`, and on success
 * `apply` changes the server's state with the answer's data (so the next read shows the write).
 */
export function write(
  answer: (body: unknown) => Answer,
  apply: (data: unknown) => void,
  gate?: ReturnType<typeof door>,
): Handler {
  return async (body) => {
    await gate?.passed;
    const a = answer(body);
    if ('data' in a) apply(a.data);
    return a;
  };
}

/** A refusal as the server words it for a Chinese reader: the catalogue entry's status, code and zh text. */
export const refusal = (e: { status: number; code: number; zh: string }) => (): Answer => ({
  status: e.status,
  code: e.code,
  msg: e.zh,
});
