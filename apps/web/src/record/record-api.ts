import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  RECORD_EVENTS,
  type RecordProgress,
  type CaptureCheck,
  type CaptureCheckBody,
  FILE_PATHS,
  RECORD_PATHS,
  type DetectionKind,
  type RecordCreateBody,
  type RecordCreated,
  type RecordDetail,
  type RecordListBody,
  type RecordPage,
  type PersonHistory,
  type RecordRedoBody,
  type ReportLanguage,
  isFinishedStatus,
} from '@tcm/contract';
import type { UploadedFile } from '../components/upload-rules.js';
import { http } from '../lib/api.js';
import { HttpError } from '../lib/http.js';
import { currentLanguage } from '../lib/i18n.js';
import { saveBlob } from '../lib/save-blob.js';
import { getSession } from '../lib/session.js';

/**
 * Where a record is read from: the open share routes (visitor, /checked/pdf links: the token is
 * the capability) or the signed-in record routes (ownership checked by the server).
 */
export type RecordRef = { token: string } | { id: string };

export const refKey = (ref: RecordRef) => ('token' in ref ? `t:${ref.token}` : `i:${ref.id}`);
/** The ref a key stands for: effects depend on the key (a string), not on a new object each render. */
export const refFromKey = (key: string): RecordRef =>
  key.startsWith('t:') ? { token: key.slice(2) } : { id: key.slice(2) };

export function detailPath(ref: RecordRef): string {
  return 'token' in ref ? RECORD_PATHS.shared(ref.token) : RECORD_PATHS.detail(ref.id);
}
export function eventsPath(ref: RecordRef): string {
  return 'token' in ref ? RECORD_PATHS.sharedEvents(ref.token) : RECORD_PATHS.events(ref.id);
}
export function reportPath(ref: RecordRef, lang: ReportLanguage): string {
  const base = 'token' in ref ? RECORD_PATHS.sharedReport(ref.token) : RECORD_PATHS.report(ref.id);
  return `${base}?lang=${lang}`;
}

/** Visitor capture (the public detection pages): one photo, no sign-in. */
export function createAsVisitor(file: File, kind: DetectionKind, lang: ReportLanguage): Promise<RecordCreated> {
  const form = new FormData();
  form.set('file', file);
  form.set('kind', kind);
  form.set('lang', lang);
  // The page shows the error beside the button (no toast on top of it).
  return http.post<RecordCreated>(RECORD_PATHS.visitorCreate, { multipart: form, noErrorMessage: true });
}

export function fetchRecord(ref: RecordRef, noErrorMessage = false): Promise<RecordDetail> {
  return http.get<RecordDetail>(detailPath(ref), { noErrorMessage });
}

export function retryRecord(ref: RecordRef): Promise<RecordCreated> {
  return http.post<RecordCreated>('token' in ref ? RECORD_PATHS.sharedRetry(ref.token) : RECORD_PATHS.retry(ref.id));
}

/** Replaces one capture of a signed-in record; its engine and the synthesis run again (issue 17). */
export function redoCapture(id: string, body: RecordRedoBody): Promise<RecordCreated> {
  return http.post<RecordCreated>(RECORD_PATHS.redo(id), { body, noErrorMessage: true });
}

/** Signed-in upload of one capture file (uuid upload of spec §7). */
export function uploadCapture(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.set('file', file);
  return http.post<UploadedFile>(FILE_PATHS.upload, { multipart: form, noErrorMessage: true });
}

/** One uploaded capture through its engine alone, at its step (issue 17). */
export function checkCapture(body: CaptureCheckBody): Promise<CaptureCheck> {
  return http.post<CaptureCheck>(RECORD_PATHS.check, { body, noErrorMessage: true });
}

export function createRecord(body: RecordCreateBody): Promise<RecordCreated> {
  return http.post<RecordCreated>(RECORD_PATHS.create, { body, noErrorMessage: true });
}

export function listRecords(body: RecordListBody): Promise<RecordPage> {
  return http.post<RecordPage>(RECORD_PATHS.list, { body, noErrorMessage: true });
}

/**
 * Downloads the PDF report. Share-token reports are plain links; signed-in ones need the Bearer
 * header, so they are fetched and saved from a blob. Rejects with the server's message.
 */
export async function downloadReport(ref: RecordRef, lang: ReportLanguage, fileName: string): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() === 'en' ? 'en' : 'zh-CN' };
  const token = getSession().token;
  if (!('token' in ref) && token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(reportPath(ref, lang), { headers, credentials: 'include' });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('pdf')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? `HTTP ${res.status}`);
  }
  saveBlob(await res.blob(), fileName);
}

/** Query keys of the record calls that go through the query cache. */
export const RECORD_KEYS = {
  history: (id: string) => ['record-history', id] as const,
};

/** The person's records around one record (the trends and the timeline read the same call). */
export const useRecordHistory = (id: string) =>
  useQuery({
    queryKey: RECORD_KEYS.history(id),
    queryFn: () => http.get<PersonHistory>(RECORD_PATHS.history(id), { noErrorMessage: true }),
  });

/*
 * Following a record's analysis is hand-written on purpose, not a query: server-sent events
 * while it runs (EventSource, which TanStack Query does not speak), and polling as the fallback
 * when the stream cannot open or breaks; the detail is read again when the stream says it ended.
 */

/** Polling interval when server-sent events are not available, ms. */
export const POLL_MS = 1500;

/** No analysis runs or waits: done, partial or failed (the contract decides; issue 32). */
export const isFinished = (s: RecordDetail['status']) => isFinishedStatus(s);

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
    if (key === null) return;
    const ref = refFromKey(key);
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
