import {
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
  type RecordRedoBody,
  type ReportLanguage,
} from '@tcm/contract';
import type { UploadedFile } from '../components/upload-rules.js';
import { http } from '../lib/api.js';
import { currentLanguage } from '../lib/i18n.js';
import { saveBlob } from '../lib/save-blob.js';
import { getSession } from '../lib/session.js';

/**
 * Where a record is read from: the open share routes (visitor, /checked/pdf links: the token is
 * the capability) or the signed-in record routes (ownership checked by the server).
 */
export type RecordRef = { token: string } | { id: string };

export const refKey = (ref: RecordRef) => ('token' in ref ? `t:${ref.token}` : `i:${ref.id}`);

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
