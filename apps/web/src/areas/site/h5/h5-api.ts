import { useMutation, useQuery } from '@tanstack/react-query';
import { H5_PATHS, type H5Page, type H5Submitted, type H5SubmitBody } from '@tcm/contract';
import { http } from '../../../lib/api.js';

/** The person's calls: no account, the link's token is the credential (docs/open-api.md). */
export const h5Api = {
  open: (token: string) => http.get<H5Page>(H5_PATHS.open(token), { noErrorMessage: true }),
  submit: (token: string, body: H5SubmitBody) =>
    http.post<H5Submitted>(H5_PATHS.submit(token), { body, noErrorMessage: true }),
};

export const H5_KEYS = {
  page: (token: string) => ['h5', token] as const,
};

/** The link's page (branding, language); a used or expired link answers its refusal once, no retry. */
export function useH5Page(token: string) {
  return useQuery({
    queryKey: H5_KEYS.page(token),
    queryFn: () => h5Api.open(token),
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * Sends the photos once. `prepare` builds the body when the person presses send (it encodes the
 * photos and may refuse with the screen's own message); nothing cached changes, so no refresh.
 */
export function useH5Submit(token: string, prepare: () => Promise<H5SubmitBody>) {
  return useMutation({ mutationFn: async () => h5Api.submit(token, await prepare()) });
}

/** Photos above this are re-encoded smaller: Base64 in one JSON body must stay under the body limit. */
const REENCODE_ABOVE = 6 * 1024 * 1024;
const MAX_SIDE = 2560;

/** The photo as Base64 (no data: prefix); a very large one re-encoded as JPEG of at most 2560 px. */
export async function photoBase64(file: Blob): Promise<string> {
  let blob = file;
  if (file.size > REENCODE_ABOVE && typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    blob = await new Promise<Blob>((ok) => canvas.toBlob((b) => ok(b ?? file), 'image/jpeg', 0.9));
  }
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  // In slices: String.fromCharCode with millions of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
