import {
  TRANSLATION_PATHS,
  type CombinedQuery,
  type TranslationCreateBody,
  type TranslationEntry,
  type TranslationPage,
  type TranslationUpdateBody,
} from '@tcm/contract';
import { http } from '../../lib/api.js';

/** SHA-256 (hex) of a text, UTF-8 — the same key the server computes (spec §9). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const translationApi = {
  list: (page: number, size: number, body: { keyword?: string; query?: CombinedQuery }) =>
    http.post<TranslationPage>(TRANSLATION_PATHS.list, { params: { page, size }, body }),
  find: (id: number) => http.get<TranslationEntry>(TRANSLATION_PATHS.find(id)),
  create: (body: TranslationCreateBody) => http.post<TranslationEntry>(TRANSLATION_PATHS.create, { body }),
  update: (body: TranslationUpdateBody) => http.post<TranslationEntry>(TRANSLATION_PATHS.update, { body }),
  remove: (id: number) => http.del<null>(TRANSLATION_PATHS.remove(id)),
  /** Public-site lookup: entry JSON in the URL, data null when not configured. */
  findByText: async (text: string) =>
    http.get<TranslationEntry | null>(TRANSLATION_PATHS.portalFind, {
      params: { entry: JSON.stringify({ originalHash: await sha256Hex(text.trim()) }) },
      noErrorMessage: true,
    }),
};
