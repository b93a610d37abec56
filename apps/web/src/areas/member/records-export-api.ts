import {
  datedFileName,
  RECORD_EXPORT_PATHS,
  WECHAT_BIND_PATHS,
  type RecordExportBody,
  type RecordListBody,
  type RecordZipBody,
  type WechatBinding,
} from '@tcm/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api.js';
import { fetchFile } from '../../lib/fetch-file.js';
import { saveBlob } from '../../lib/save-blob.js';
import { listRecords } from '../../record/record-api.js';

/**
 * Query keys of the member's record lists and WeChat binding (the record history's keys are in
 * record/record-api.ts).
 */
export const MEMBER_RECORD_KEYS = {
  list: (body: RecordListBody) => ['records', body] as const,
  wechatMine: ['wechat-mine'] as const,
  wechatBinding: (scene: string | undefined) => ['wechat-binding', scene] as const,
};

/** The filtered list as an Excel file, saved under the list's name. */
export async function exportXlsx(body: RecordExportBody): Promise<void> {
  saveBlob(await fetchFile(RECORD_EXPORT_PATHS.xlsx, { method: 'POST', body }), datedFileName(body.scope, 'xlsx'));
}

/** The filtered (or ticked) done records' reports as one ZIP. */
export async function downloadZip(body: RecordZipBody): Promise<void> {
  saveBlob(await fetchFile(RECORD_EXPORT_PATHS.zip, { method: 'POST', body }), datedFileName('reports', 'zip'));
}

export const wechatApi = {
  mine: () => http.get<{ bound: boolean }>(WECHAT_BIND_PATHS.mine),
  create: () => http.post<WechatBinding>(WECHAT_BIND_PATHS.create, { noErrorMessage: true }),
  status: (scene: string) => http.get<WechatBinding>(WECHAT_BIND_PATHS.status(scene), { noErrorMessage: true }),
  push: (recordId: string) =>
    http.post<{ msgid: number | null }>(WECHAT_BIND_PATHS.pushReport(recordId), { body: {}, noErrorMessage: true }),
};

/**
 * The Excel file or the reports' ZIP: file downloads (saved, not cached), so plain functions
 * above; this mutation only carries which one is running.
 */
export const useRecordsExport = () =>
  useMutation({
    mutationFn: (a: { kind: 'xlsx'; body: RecordExportBody } | { kind: 'zip'; body: RecordZipBody }) =>
      a.kind === 'xlsx' ? exportXlsx(a.body) : downloadZip(a.body),
  });

/** Whether the member has bound WeChat. */
export const useWechatMine = (enabled: boolean) =>
  useQuery({ queryKey: MEMBER_RECORD_KEYS.wechatMine, queryFn: wechatApi.mine, enabled });
/** A scene code's outcome (none read while `scene` is undefined), polled while `keepPolling` says so. */
export const useWechatBinding = (
  scene: string | undefined,
  keepPolling: (b: WechatBinding | undefined) => boolean,
  poll = 2000,
) =>
  useQuery({
    queryKey: MEMBER_RECORD_KEYS.wechatBinding(scene),
    queryFn: () => wechatApi.status(scene!),
    enabled: scene !== undefined,
    refetchInterval: (q) => (keepPolling(q.state.data) ? poll : false),
  });
/** A one-time QR code to scan (a new binding scene); nothing cached changes until it is scanned. */
export const useCreateBinding = () => useMutation({ mutationFn: wechatApi.create });

/** Sends a done record's report to the member's bound WeChat (no cached data to refresh). */
export const usePushReport = () => useMutation({ mutationFn: wechatApi.push });

/** One page of a member's record list; polled every 3 s while a record on it is still analysed. */
export const useMemberRecords = (body: RecordListBody) =>
  useQuery({
    queryKey: MEMBER_RECORD_KEYS.list(body),
    queryFn: () => listRecords(body),
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => r.status === 'queued' || r.status === 'running') ? 3000 : false,
  });
