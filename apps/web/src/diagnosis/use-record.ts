import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORD_EVENTS, type RecordDetail, type RecordProgress } from '@tcm/contract';
import { HttpError } from '../lib/http.js';
import { eventsPath, fetchRecord, refKey, type RecordRef } from './record-api.js';

/** Polling interval when server-sent events are not available, ms. */
export const POLL_MS = 1500;

export const isFinished = (s: RecordDetail['status']) => s === 'done' || s === 'failed';

export interface RecordState {
  detail: RecordDetail | null;
  /** Latest progress: from the event stream while running, else the detail's. */
  progress: RecordProgress | null;
  error: HttpError | null;
  /** How progress arrives: 'events' (SSE), 'polling' (fallback), or null when finished. */
  via: 'events' | 'polling' | null;
  reload: () => void;
}

/** Injected for tests: jsdom has no EventSource. */
export interface FollowDeps {
  fetchRecord: (ref: RecordRef) => Promise<RecordDetail>;
  openEvents: ((url: string) => EventSource) | null;
}

const defaultDeps: FollowDeps = {
  fetchRecord: (ref) => fetchRecord(ref, true),
  openEvents: typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true }),
};

/**
 * Loads a record and follows its analysis: server-sent events while it is queued or running
 * (`progress` on each step, `end` when finished → the full detail is read again); if the stream
 * cannot be opened or breaks, it falls back to polling the detail every 1.5 s.
 */
export function useRecord(ref: RecordRef | null, deps: FollowDeps = defaultDeps): RecordState {
  const [detail, setDetail] = useState<RecordDetail | null>(null);
  const [progress, setProgress] = useState<RecordProgress | null>(null);
  const [error, setError] = useState<HttpError | null>(null);
  const [via, setVia] = useState<RecordState['via']>(null);
  const [round, setRound] = useState(0);
  const depsRef = useRef(deps);
  const key = ref ? refKey(ref) : null;

  useEffect(() => {
    if (!ref) return;
    let live = true;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const d = depsRef.current;

    const load = async (): Promise<RecordDetail | null> => {
      try {
        const rec = await d.fetchRecord(ref);
        if (!live) return null;
        setDetail(rec);
        setProgress(rec.progress);
        setError(null);
        return rec;
      } catch (e) {
        if (live) setError(e instanceof HttpError ? e : new HttpError(-1, String(e), null));
        return null;
      }
    };
    const poll = () => {
      setVia('polling');
      // load() turns its own failure into `error`, so its promise never rejects.
      timer = setTimeout(() => {
        void load().then((rec) => {
          if (!live) return;
          if (rec && isFinished(rec.status)) setVia(null);
          else poll();
        });
      }, POLL_MS);
    };
    const follow = () => {
      if (!d.openEvents) return poll();
      try {
        source = d.openEvents(eventsPath(ref));
      } catch {
        return poll();
      }
      setVia('events');
      const onProgress = (e: MessageEvent<string>) => {
        try {
          setProgress(JSON.parse(e.data) as RecordProgress);
        } catch {
          // A malformed event is skipped; the next one (or the end) carries the state.
        }
      };
      source.addEventListener(RECORD_EVENTS.progress, onProgress as EventListener);
      source.addEventListener(RECORD_EVENTS.end, (() => {
        source?.close();
        source = null;
        setVia(null);
        void load();
      }) as EventListener);
      source.onerror = () => {
        // EventSource would reconnect forever on a broken stream; poll instead.
        source?.close();
        source = null;
        if (live) poll();
      };
    };

    void load().then((rec) => {
      if (live && rec && !isFinished(rec.status)) follow();
      else setVia(null);
    });
    return () => {
      live = false;
      source?.close();
      clearTimeout(timer);
    };
    // `key` identifies the ref; `round` restarts following after a retry.
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { detail, progress, error, via, reload };
}
