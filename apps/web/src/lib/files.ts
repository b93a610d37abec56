import type { UploadedFile } from '../components/upload-rules.js';
import type { HttpClient } from './http.js';

/**
 * File lookup of spec §7: GET on a configured URL with `uuid` (one) or `uuids` (comma-joined,
 * several); the data holds uuid, name and url per file. Always answers a list.
 */
export async function lookupFiles(http: HttpClient, url: string, uuids: readonly string[]): Promise<UploadedFile[]> {
  if (!uuids.length) return [];
  const params = uuids.length === 1 ? { uuid: uuids[0] } : { uuids: uuids.join(',') };
  const data = await http.get<unknown>(url, { params });
  const list = Array.isArray(data) ? data : data ? [data] : [];
  return list.filter(
    (f): f is UploadedFile =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as UploadedFile).uuid === 'string' &&
      typeof (f as UploadedFile).url === 'string',
  );
}
