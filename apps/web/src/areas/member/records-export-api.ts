import {
  RECORD_EXPORT_PATHS,
  WECHAT_BIND_PATHS,
  type RecordExportBody,
  type RecordZipBody,
  type WechatBinding,
} from '@tcm/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/api.js';
import { fetchFile } from '../../lib/fetch-file.js';
import { saveBlob } from '../../lib/save-blob.js';

const today = () => new Date().toISOString().slice(0, 10);

/** The filtered list as an Excel file, saved under the list's name. */
export async function exportXlsx(body: RecordExportBody): Promise<void> {
  saveBlob(await fetchFile(RECORD_EXPORT_PATHS.xlsx, { method: 'POST', body }), `${body.scope}-${today()}.xlsx`);
}

/** The filtered (or ticked) done records' reports as one ZIP. */
export async function downloadZip(body: RecordZipBody): Promise<void> {
  saveBlob(await fetchFile(RECORD_EXPORT_PATHS.zip, { method: 'POST', body }), `reports-${today()}.zip`);
}

export const wechatApi = {
  mine: () => http.get<{ bound: boolean }>(WECHAT_BIND_PATHS.mine),
  create: () => http.post<WechatBinding>(WECHAT_BIND_PATHS.create, { noErrorMessage: true }),
  status: (scene: string) => http.get<WechatBinding>(WECHAT_BIND_PATHS.status(scene), { noErrorMessage: true }),
  push: (recordId: string) =>
    http.post<{ msgid: number | null }>(WECHAT_BIND_PATHS.pushReport(recordId), { body: {}, noErrorMessage: true }),
};

/** Sends a done record's report to the member's bound WeChat (no cached data to refresh). */
export const usePushReport = () => useMutation({ mutationFn: wechatApi.push });
