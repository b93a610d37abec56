import { afterEach, describe, expect, it, vi } from 'vitest';
import { markLeaving, pageLeaving } from './leaving.js';

afterEach(() => vi.useRealTimers());

describe('page leaving', () => {
  it('is set by beforeunload and pagehide, cleared by pageshow or when the page stays', () => {
    vi.useFakeTimers();
    expect(pageLeaving()).toBe(false);
    window.dispatchEvent(new Event('beforeunload'));
    expect(pageLeaving()).toBe(true);
    window.dispatchEvent(new Event('pageshow'));
    expect(pageLeaving()).toBe(false);
    markLeaving();
    vi.advanceTimersByTime(3000);
    expect(pageLeaving()).toBe(false);
  });
});
