/** Photo types the detection page accepts (spec §5: PNG, JPG, JPEG or BMP, no larger than 10M). */
export const PHOTO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.bmp'] as const;
export const PHOTO_ACCEPT = [...PHOTO_EXTENSIONS, 'image/png', 'image/jpeg', 'image/bmp'].join(',');
/** 10M of spec §5/§9, read as 10 MiB (the server's limit is the same, docs/records.md). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type FileProblem = 'type' | 'size' | 'empty' | 'content';

const extOf = (name: string) => (name.includes('.') ? `.${name.split('.').pop()!.toLowerCase()}` : '');

/** Checks by name and size, before reading anything: the quick answer the user sees first. */
export function photoProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extOf(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/** Whether the first bytes are those of a PNG, JPEG or BMP (a renamed file is caught here). */
export function isPhotoMagic(head: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => head[i] === b)) return true;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  return head[0] === 0x42 && head[1] === 0x4d && head.length >= 14;
}

/** Name, size and content check of a chosen photo; null when it may be uploaded. */
export async function checkPhoto(file: File): Promise<FileProblem | null> {
  const quick = photoProblem(file);
  if (quick) return quick;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return isPhotoMagic(head) ? null : 'content';
}

/** Checks of the other captures (pulse CSV/text, voice WAV) by name and size. */
export function captureProblem(file: Pick<File, 'name' | 'size'>, extensions: readonly string[]): FileProblem | null {
  if (!extensions.includes(extOf(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}
