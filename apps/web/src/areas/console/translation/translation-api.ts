import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRANSLATION_PATHS,
  type CombinedQuery,
  type TranslationCreateBody,
  type TranslationEntry,
  type TranslationPage,
  type TranslationUpdateBody,
} from '@tcm/contract';
import { http } from '../../../lib/api.js';
import { useInvalidatingMutation, usePostMutation } from '../../../lib/invalidating-mutation.js';

/** SHA-256 (hex) of a text, UTF-8 — the same key the server computes (spec §9). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Query keys of the translation screens: every write changes the list and the lookups by text. */
export const TRANSLATION_KEYS = {
  all: ['translations'] as const,
  list: ['translations', 'list'] as const,
  byText: (text: string) => ['translations', 'text', text] as const,
};

/** Reads of the translation admin (spec §2); writes are the hooks below. */
export const translationApi = {
  list: (page: number, size: number, body: { keyword?: string; query?: CombinedQuery }) =>
    http.post<TranslationPage>(TRANSLATION_PATHS.list, { params: { page, size }, body }),
  find: (id: number) => http.get<TranslationEntry>(TRANSLATION_PATHS.find(id)),
  /** Public-site lookup: entry JSON in the URL, data null when not configured. */
  findByText: async (text: string) =>
    http.get<TranslationEntry | null>(TRANSLATION_PATHS.portalFind, {
      params: { entry: JSON.stringify({ originalHash: await sha256Hex(text.trim()) }) },
      noErrorMessage: true,
    }),
};

/** The entry of a text (trimmed), or null when none is configured; `text` null reads nothing. */
export const useTranslationOf = (text: string | null) =>
  useQuery({
    queryKey: TRANSLATION_KEYS.byText(text ?? ''),
    queryFn: () => translationApi.findByText(text!),
    enabled: !!text,
  });

/**
 * Looks a text up once, for a handler that opens the dialog on what it finds (the menu page's
 * "translations" link); a failed lookup counts as none configured.
 */
export function useFindTranslation() {
  const qc = useQueryClient();
  return (text: string) =>
    qc
      .fetchQuery({ queryKey: TRANSLATION_KEYS.byText(text.trim()), queryFn: () => translationApi.findByText(text) })
      .catch(() => null);
}

export const useCreateTranslation = () =>
  usePostMutation<TranslationCreateBody, TranslationEntry>(TRANSLATION_PATHS.create, [TRANSLATION_KEYS.all]);
export const useUpdateTranslation = () =>
  usePostMutation<TranslationUpdateBody, TranslationEntry>(TRANSLATION_PATHS.update, [TRANSLATION_KEYS.all]);
/** Removes the chosen entries one after another (the server takes one id per call). */
export const useRemoveTranslations = () =>
  useInvalidatingMutation(
    async (ids: number[]) => {
      for (const id of ids) await http.del<null>(TRANSLATION_PATHS.remove(id));
    },
    [TRANSLATION_KEYS.all],
  );
