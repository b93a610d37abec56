import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { RecordDetail, RecordProgress, RecordStatus } from '@tcm/contract';
import { POLL_MS, useRecord, type FollowDeps } from './record-api.js';

const progress = (status: RecordStatus, done = 0): RecordProgress => ({
  status,
  step: status === 'running' ? 'tongue' : null,
  done,
  total: 2,
  attempts: 1,
  failure: null,
});
const rec = (status: RecordStatus, done = 0) =>
  ({ id: 'r1', status, progress: progress(status, done) }) as unknown as RecordDetail;

/** The part of EventSource the hook uses, driven by the test. */
class FakeSource {
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    this.listeners.get(name)!(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

afterEach(() => vi.useRealTimers());

describe('useRecord', () => {
  it('follows a running record by server-sent events and reads the detail again at the end', async () => {
    const sources: FakeSource[] = [];
    const fetchRecord = vi.fn().mockResolvedValueOnce(rec('running')).mockResolvedValueOnce(rec('done', 2));
    const deps: FollowDeps = {
      fetchRecord,
      openEvents: (url) => {
        const s = new FakeSource(url);
        sources.push(s);
        return s as unknown as EventSource;
      },
    };
    const { result } = renderHook(() => useRecord({ token: 'abc' }, deps));
    await waitFor(() => expect(result.current.via).toBe('events'));
    expect(sources[0]!.url).toBe('/backend/portal/diagnosis/abc/events');
    act(() => sources[0]!.emit('progress', progress('running', 1)));
    expect(result.current.progress?.done).toBe(1);
    act(() => sources[0]!.emit('end', progress('done', 2)));
    await waitFor(() => expect(result.current.detail?.status).toBe('done'));
    expect(sources[0]!.closed).toBe(true);
    expect(result.current.via).toBeNull();
    expect(fetchRecord).toHaveBeenCalledTimes(2);
  });

  it('falls back to polling when the stream breaks, until the record is finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let source: FakeSource | null = null;
    const fetchRecord = vi
      .fn()
      .mockResolvedValueOnce(rec('queued'))
      .mockResolvedValueOnce(rec('running', 1))
      .mockResolvedValueOnce(rec('failed', 1));
    const deps: FollowDeps = {
      fetchRecord,
      openEvents: (url) => (source = new FakeSource(url)) as unknown as EventSource,
    };
    const { result } = renderHook(() => useRecord({ id: 'r1' }, deps));
    await waitFor(() => expect(source).not.toBeNull());
    expect(source!.url).toBe('/backend/record/r1/events');
    act(() => source!.onerror!());
    expect(source!.closed).toBe(true);
    expect(result.current.via).toBe('polling');
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(result.current.detail?.status).toBe('running'));
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(result.current.detail?.status).toBe('failed'));
    expect(result.current.via).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(fetchRecord).toHaveBeenCalledTimes(3);
  });

  it('polls when the browser has no EventSource, and reports a load error', async () => {
    const { HttpError } = await import('../lib/http.js');
    const deps: FollowDeps = {
      fetchRecord: vi.fn().mockRejectedValue(new HttpError(4001002, '无权查看该检测记录', 403)),
      openEvents: null,
    };
    const { result } = renderHook(() => useRecord({ id: 'x' }, deps));
    await waitFor(() => expect(result.current.error?.status).toBe(403));
    expect(result.current.detail).toBeNull();
  });
});
