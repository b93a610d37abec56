import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/api.js';

/** Upload endpoint of the rich-text editor (spec §7 Files). */
export const EDITOR_UPLOAD_PATH = '/backend/interfacesvc/ossFile/upload';

export type PickKind = 'image' | 'media';

/** Checks a picked file against the picker kind; returns the i18n key of the message when wrong. */
export function pickProblem(kind: PickKind, file: Pick<File, 'type'>): 'editor.pickImage' | 'editor.pickVideo' | null {
  if (kind === 'image') return file.type.startsWith('image/') ? null : 'editor.pickImage';
  return file.type.startsWith('video/') ? null : 'editor.pickVideo';
}

/** Uploads one file; resolves with its remote URL (code 0 and data.remoteFileUrl). */
async function uploadEditorFile(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  const data = await http.post<{ remoteFileUrl?: string }>(EDITOR_UPLOAD_PATH, {
    multipart: form,
    noErrorMessage: true,
  });
  if (!data?.remoteFileUrl) throw new Error('no remoteFileUrl');
  return data.remoteFileUrl;
}

/**
 * The editor's upload as a mutation (docs/web.md "Server data"): `isPending` while a file is sent.
 * It changes no query (the URL goes into the text being edited). No toast from the HTTP client:
 * the editor says "upload failed" itself.
 */
export const useEditorUpload = () => useMutation({ mutationFn: uploadEditorFile });
