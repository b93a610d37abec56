import { vi } from 'vitest';
import { clearSession } from '../lib/session.js';

/** A response in the API envelope, as the server sends it. */
export const envelope = (code: number, data: unknown, status = 200) =>
  new Response(JSON.stringify({ code, msg: '', data }), { status, headers: { 'content-type': 'application/json' } });

/** Undoes a test's `fetch` stub and signs out, so the next test starts clean. */
export function resetFetchAndSession(): void {
  vi.unstubAllGlobals();
  localStorage.clear();
  clearSession();
}
