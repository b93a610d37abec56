import { afterEach, describe, expect, it, vi } from 'vitest';
import { asyncHandler } from './async-handler.js';

afterEach(() => vi.restoreAllMocks());

describe('asyncHandler', () => {
  it('passes the event on and returns nothing, so React and antd get a void handler', async () => {
    const seen: unknown[] = [];
    const handler = asyncHandler(async (e: string) => {
      seen.push(e);
      await Promise.resolve();
    });
    expect(handler('click')).toBeUndefined();
    await vi.waitFor(() => expect(seen).toEqual(['click']));
  });

  it('logs a rejection instead of leaving it unhandled (the http client has shown it already)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('request failed');
    asyncHandler(() => Promise.reject(failure))();
    // An unhandled rejection here would also fail the run (vitest reports it as an error).
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(failure));
  });
});
