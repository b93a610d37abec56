import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADVICE_CONFIG_PATHS,
  type AdviceConfigBody,
  type AdviceConfigState,
  type AdvicePreviewBody,
  type AdviceVersion,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { fetchFile } from '../../lib/fetch-file.js';

const KEY = ['resultConfig'] as const;

export const useResultConfig = () =>
  useQuery({ queryKey: KEY, queryFn: () => http.get<AdviceConfigState>(ADVICE_CONFIG_PATHS.current) });

/** Save, reset and restore each add a version: the state (current + history) is read again. */
function useVersionMutation<A>(fn: (a: A) => Promise<AdviceVersion>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useSaveConfig = () =>
  useVersionMutation((body: AdviceConfigBody) => http.post<AdviceVersion>(ADVICE_CONFIG_PATHS.current, { body }));
export const useResetConfig = () => useVersionMutation(() => http.post<AdviceVersion>(ADVICE_CONFIG_PATHS.reset));
export const useRestoreConfig = () =>
  useVersionMutation((version: number) => http.post<AdviceVersion>(ADVICE_CONFIG_PATHS.restore(version)));

/** The preview PDF (the team's newest done record with the draft); opened in a new tab. */
export const usePreview = () =>
  useMutation({
    mutationFn: (body: AdvicePreviewBody) => fetchFile(ADVICE_CONFIG_PATHS.preview, { method: 'POST', body }),
  });
