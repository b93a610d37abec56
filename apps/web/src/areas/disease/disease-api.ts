import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DISEASE_PATHS,
  type DiseaseCreateBody,
  type DiseaseDetail,
  type DiseaseSaveBody,
  type DiseaseStats,
  type DiseaseSummary,
  type LinkableRecord,
  type Screening,
  type ScreeningBody,
  type ScreeningLevel,
  type ScreeningRow,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { fetchFile } from '../../lib/fetch-file.js';

interface Page<T> {
  total: number;
  rows: T[];
}

/** Query keys of the disease area; every key starts with 'disease'. */
export const DISEASE_KEYS = {
  all: ['disease'] as const,
  list: ['disease', 'list'] as const,
  detail: (id: string) => ['disease', 'detail', id] as const,
  records: ['disease', 'records'] as const,
  screening: (id: string | null) => ['disease', 'screening', id] as const,
  /** Every screenings page. */
  allScreenings: ['disease', 'screenings'] as const,
  screenings: (q: object) => ['disease', 'screenings', q] as const,
  stats: ['disease', 'stats'] as const,
};

export const useDiseases = () =>
  useQuery({ queryKey: DISEASE_KEYS.list, queryFn: () => http.get<DiseaseSummary[]>(DISEASE_PATHS.diseases) });

const diseaseQuery = (id: string) => ({
  queryKey: DISEASE_KEYS.detail(id),
  queryFn: () => http.get<DiseaseDetail>(DISEASE_PATHS.disease(id)),
});

export const useDisease = (id: string | null) => useQuery({ ...diseaseQuery(id ?? ''), enabled: !!id });

/** Reads one disease from a handler (the add dialog copies one), through the same cache entry. */
export function useFetchDisease() {
  const qc = useQueryClient();
  return (id: string) => qc.fetchQuery(diseaseQuery(id));
}

/** A save is a new version: the list (version column) and the entry are read again. */
export function useSaveDisease(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DiseaseSaveBody) => http.request<DiseaseDetail>('PUT', DISEASE_PATHS.disease(id), { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: DISEASE_KEYS.list }),
        qc.invalidateQueries({ queryKey: DISEASE_KEYS.detail(id) }),
      ]),
  });
}

export const useLinkableRecords = () =>
  useQuery({
    queryKey: DISEASE_KEYS.records,
    queryFn: () => http.get<Page<LinkableRecord>>(DISEASE_PATHS.records, { params: { page: 1, size: 100 } }),
  });

export function useCreateScreening() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ScreeningBody) => http.post<Screening>(DISEASE_PATHS.screenings, { body }),
    // A new row in the screenings list and one more in the statistics.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: DISEASE_KEYS.allScreenings }),
        qc.invalidateQueries({ queryKey: DISEASE_KEYS.stats }),
      ]),
  });
}

export const useScreening = (id: string | null) =>
  useQuery({
    queryKey: DISEASE_KEYS.screening(id),
    queryFn: () => http.get<Screening>(DISEASE_PATHS.screening(id!)),
    enabled: !!id,
  });

export const useScreenings = (q: { page: number; size: number; diseaseId?: string; level?: ScreeningLevel }) =>
  useQuery({
    queryKey: DISEASE_KEYS.screenings(q),
    queryFn: () => http.get<Page<ScreeningRow>>(DISEASE_PATHS.screenings, { params: q }),
    placeholderData: keepPreviousData,
  });

export const useDiseaseStats = () =>
  useQuery({ queryKey: DISEASE_KEYS.stats, queryFn: () => http.get<DiseaseStats>(DISEASE_PATHS.stats) });

/** The screening's PDF in `lang`, opened in a new tab. */
export async function openScreeningPdf(id: string, lang: 'zh' | 'en'): Promise<void> {
  const blob = await fetchFile(`${DISEASE_PATHS.screeningPdf(id)}?lang=${lang}`);
  window.open(URL.createObjectURL(blob), '_blank');
}

/** Opening the PDF (a file, not cached: a mutation only for its pending state). */
export const useScreeningPdf = () =>
  useMutation({ mutationFn: (a: { id: string; lang: 'zh' | 'en' }) => openScreeningPdf(a.id, a.lang) });

/** Adding or deleting a disease changes the list; both read it again. */
export function useCreateDisease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DiseaseCreateBody) => http.post<DiseaseDetail>(DISEASE_PATHS.diseases, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DISEASE_KEYS.list }),
  });
}

export function useDeleteDisease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.request<{ deleted: true }>('DELETE', DISEASE_PATHS.disease(id)),
    onSuccess: (_r, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: DISEASE_KEYS.list }),
        qc.invalidateQueries({ queryKey: DISEASE_KEYS.detail(id) }),
      ]),
  });
}
