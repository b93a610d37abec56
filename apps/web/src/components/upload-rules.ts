/** Image types accepted unless a field names its own list (spec §5). */
export const DEFAULT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Upload box sizes of spec §9, px. */
export const SINGLE_IMAGE_BOX = { width: 350, height: 50 } as const;
export const MULTI_IMAGE_BOX_WIDTH = 400;

/** Whether a file's type is allowed; a field list may name MIME types or extensions ('.bmp'). */
export function imageTypeAllowed(file: Pick<File, 'type' | 'name'>, fieldTypes?: readonly string[]): boolean {
  const list = fieldTypes?.length ? fieldTypes : DEFAULT_IMAGE_TYPES;
  const ext = file.name.includes('.') ? `.${file.name.split('.').pop()!.toLowerCase()}` : '';
  return list.some((t) => (t.startsWith('.') ? t.toLowerCase() === ext : t === file.type));
}

/**
 * The multi-file limit check (spec §5): null when within the limit, else the numbers the warning
 * states — allowed, chosen now, and the total it would make.
 */
export function limitProblem(
  limit: number,
  existing: number,
  chosen: number,
): { max: number; chosen: number; total: number } | null {
  const total = existing + chosen;
  return total > limit ? { max: limit, chosen, total } : null;
}

/** An uploaded file as the upload and lookup calls return it (spec §3). */
export interface UploadedFile {
  uuid: string;
  name: string;
  url: string;
}

/**
 * Reads an upload response: `{ code: 0, data: { uuid, name, url } }`, or the OSS shape
 * `{ code: 0, data: { remoteFileUrl, name } }` (spec §3). Null when the upload failed.
 */
export function uploadedFileOf(response: unknown): UploadedFile | null {
  const r = response as { code?: unknown; data?: Record<string, unknown> | null } | null;
  if (!r || r.code !== 0 || !r.data) return null;
  const d = r.data;
  const url = typeof d.url === 'string' ? d.url : typeof d.remoteFileUrl === 'string' ? d.remoteFileUrl : null;
  if (!url) return null;
  return {
    uuid: typeof d.uuid === 'string' ? d.uuid : url,
    name: typeof d.name === 'string' ? d.name : (url.split('/').pop() ?? url),
    url,
  };
}
