import {
  RESEARCH_PATHS as P,
  type ImportMapping,
  type JobParamsInput,
  type Pool,
  type PoolVariable,
  type ResearchJob,
  type ResearchJobSummary,
  type Sample,
  type SampleValue,
  type CombinedQuery,
  type TableExportBody,
  type ImportResult as ContractImportResult,
} from '@tcm/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { fetchFile } from '../../../lib/fetch-file.js';
import { saveBlob } from '../../../lib/save-blob.js';

export interface Page<T> {
  list: T[];
  total: number;
}
export interface ImportResult {
  imported: number;
  skipped: number;
  /** System import: records lacking a failed part (issue 32; contract `importResultSchema`). */
  missing?: ContractImportResult['missing'];
  pool: Pool;
}
export interface Prediction {
  label: string;
  probabilities: Record<string, number>;
}

const fileForm = (file: File, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', file);
  return f;
};

/** Calls of the research area (docs/research.md "Server"); the server checks the pool's owner. */
export const researchApi = {
  home: () =>
    http.get<{
      pools: Omit<Pool, 'variables'>[];
      jobs: ResearchJobSummary[];
      counts: { records: number; cases: number; visits: number };
    }>(P.home),
  pools: (body: { page: number; size: number; search?: string }) => http.post<Page<Pool>>(P.pools, { body }),
  pool: (id: string) => http.get<Pool>(P.pool(id)),
  addPool: (body: { name: string; remark?: string; variables?: PoolVariable[] }) =>
    http.post<Pool>(P.addPool, { body }),
  updatePool: (id: string, body: { name?: string; remark?: string; variables?: PoolVariable[] }) =>
    http.post<Pool>(P.updatePool(id), { body }),
  removePools: (ids: string[]) => http.post<{ ids: string[] }>(P.removePools, { body: { ids } }),
  samples: (poolId: string, body: { page: number; size: number; query?: CombinedQuery }) =>
    http.post<Page<Sample>>(P.samples(poolId), { body }),
  updateSample: (poolId: string, id: string, values: Record<string, SampleValue>) =>
    http.post<Sample>(P.updateSample(poolId, id), { body: { values } }),
  removeSamples: (poolId: string, ids: string[]) =>
    http.post<{ deleted: number }>(P.removeSamples(poolId), { body: { ids } }),
  importSystem: (poolId: string, sources: Array<'records' | 'visits'>) =>
    http.post<ImportResult>(P.importSystem(poolId), { body: { sources } }),
  preview: (poolId: string, file: File) =>
    http.post<{ columns: string[]; rows: string[][]; total: number }>(P.importPreview(poolId), {
      multipart: fileForm(file),
    }),
  /** A refusal's data lists the errors (row, column, value, zh, en): no message pops up, the page shows them. */
  importFile: (poolId: string, file: File, mapping: ImportMapping) =>
    http.post<ImportResult>(P.importFile(poolId), {
      multipart: fileForm(file, { mapping: JSON.stringify(mapping) }),
      noErrorMessage: true,
    }),
  startJob: (poolId: string, params: JobParamsInput) => http.post<ResearchJob>(P.startJob(poolId), { body: params }),
  jobs: (body: { poolId?: string; kind?: ResearchJob['kind']; limit?: number }) =>
    http.post<ResearchJobSummary[]>(P.jobs, { body }),
  job: (id: string) => http.get<ResearchJob>(P.job(id)),
  predict: (jobId: string, records: Array<Record<string, SampleValue>>) =>
    http.post<{ target: string; predictions: Prediction[] }>(P.predict(jobId), { body: { records } }),
  predictFile: (jobId: string, file: File) =>
    http.post<{ target: string; predictions: Prediction[] }>(P.predictFile(jobId), { multipart: fileForm(file) }),
};

/** The body of the Excel export (the page's table as shown). */
export type ExportTable = TableExportBody;

/**
 * Query keys of the research area. Every key starts with 'research'; a write invalidates only the
 * keys whose answer it changes (the helpers below), not the whole area.
 */
export const RESEARCH_KEYS = {
  all: ['research'] as const,
  home: ['research', 'home'] as const,
  /** Every pool list (the paged list and the analysis screens' "all pools"). */
  pools: ['research', 'pools'] as const,
  poolPage: (body: { page: number; size: number; search?: string }) => ['research', 'pools', body] as const,
  allPools: ['research', 'pools', 'all'] as const,
  pool: (id: string) => ['research', 'pool', id] as const,
  samples: (poolId: string) => ['research', 'samples', poolId] as const,
  samplePage: (poolId: string, body: { page: number; size: number; query?: CombinedQuery | null }) =>
    ['research', 'samples', poolId, body] as const,
  /** Every job list (newest per kind, a screen's history). */
  jobs: ['research', 'jobs'] as const,
  latestJob: (kind: ResearchJob['kind'], poolId: string | undefined) => ['research', 'jobs', kind, poolId] as const,
  jobHistory: (kind: ResearchJob['kind'], poolId: string | undefined, status: string | undefined) =>
    ['research', 'jobs', kind, poolId, 'history', status] as const,
  job: (id: string | null | undefined) => ['research', 'job', id] as const,
};

/** A pool's name, remark or variables changed: its entry, the pool lists and the home's pool list. */
const poolsChanged = (qc: QueryClient, poolId?: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: RESEARCH_KEYS.pools }),
    qc.invalidateQueries({ queryKey: RESEARCH_KEYS.home }),
    qc.invalidateQueries({ queryKey: poolId ? RESEARCH_KEYS.pool(poolId) : ['research', 'pool'] }),
  ]);
/** A pool's samples changed: its sample pages, and its sample count (pool entry, lists, home). */
const samplesChanged = (qc: QueryClient, poolId: string) =>
  Promise.all([qc.invalidateQueries({ queryKey: RESEARCH_KEYS.samples(poolId) }), poolsChanged(qc, poolId)]);

export const useResearchHome = () => useQuery({ queryKey: RESEARCH_KEYS.home, queryFn: researchApi.home });
export const usePools = (body: { page: number; size: number; search?: string }) =>
  useQuery({ queryKey: RESEARCH_KEYS.poolPage(body), queryFn: () => researchApi.pools(body) });
/** Every pool (an analysis screen's pool choice). */
export const useAllPools = () =>
  useQuery({ queryKey: RESEARCH_KEYS.allPools, queryFn: () => researchApi.pools({ page: 1, size: 1000 }) });
export const usePool = (id: string) =>
  useQuery({ queryKey: RESEARCH_KEYS.pool(id), queryFn: () => researchApi.pool(id) });
export const useSamples = (poolId: string, body: { page: number; size: number; query?: CombinedQuery | null }) =>
  useQuery({
    queryKey: RESEARCH_KEYS.samplePage(poolId, body),
    queryFn: () => researchApi.samples(poolId, { page: body.page, size: body.size, query: body.query ?? undefined }),
  });
/** The newest job of a kind for a pool (what an analysis screen shows when it opens). */
export const useLatestJobs = (kind: ResearchJob['kind'], poolId: string | undefined) =>
  useQuery({
    queryKey: RESEARCH_KEYS.latestJob(kind, poolId),
    queryFn: () => researchApi.jobs({ poolId, kind, limit: 1 }),
    enabled: !!poolId,
  });
/** A screen's job history, read again when the shown job's status changes. */
export const useJobHistory = (kind: ResearchJob['kind'], poolId: string | undefined, status: string | undefined) =>
  useQuery({
    queryKey: RESEARCH_KEYS.jobHistory(kind, poolId, status),
    queryFn: () => researchApi.jobs({ poolId, kind, limit: 20 }),
    enabled: !!poolId,
  });

/** Adds a pool, or updates one (`id`). */
export function useSavePool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string | null; body: { name: string; remark?: string } }) =>
      a.id ? researchApi.updatePool(a.id, a.body) : researchApi.addPool(a.body),
    onSuccess: (_r, a) => poolsChanged(qc, a.id ?? undefined),
  });
}
export function useRemovePools() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: researchApi.removePools, onSuccess: () => poolsChanged(qc) });
}
export function useRemoveSamples(poolId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => researchApi.removeSamples(poolId, ids),
    onSuccess: () => samplesChanged(qc, poolId),
  });
}
export function useUpdateSample(poolId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; values: Record<string, SampleValue> }) =>
      researchApi.updateSample(poolId, a.id, a.values),
    onSuccess: () => qc.invalidateQueries({ queryKey: RESEARCH_KEYS.samples(poolId) }),
  });
}
/** Samples from the doctor's own records and visits. */
export function useImportSystem(poolId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sources: Array<'records' | 'visits'>) => researchApi.importSystem(poolId, sources),
    onSuccess: () => samplesChanged(qc, poolId),
  });
}
/** The first rows of a file to map (read on upload, spent there: a mutation, not cached). */
export const useImportPreview = (poolId: string) =>
  useMutation({ mutationFn: (file: File) => researchApi.preview(poolId, file) });
/** A file import may add variables as well as samples. A refusal's data lists the errors (`importFile`). */
export function useImportFile(poolId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { file: File; mapping: ImportMapping }) => researchApi.importFile(poolId, a.file, a.mapping),
    onSuccess: () => samplesChanged(qc, poolId),
  });
}
/** A started job is the newest of its kind (job lists) and shows on the home page. */
export function useStartJob(poolId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (params: JobParamsInput) => researchApi.startJob(poolId!, params),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: RESEARCH_KEYS.jobs }),
        qc.invalidateQueries({ queryKey: RESEARCH_KEYS.home }),
      ]),
  });
}
/** Predictions of a trained model, from a form's values or a file; nothing stored, nothing to refresh. */
export const usePredict = (jobId: string) =>
  useMutation({
    mutationFn: (input: { records: Array<Record<string, SampleValue>> } | { file: File }) =>
      'file' in input ? researchApi.predictFile(jobId, input.file) : researchApi.predict(jobId, input.records),
  });

/**
 * A table saved as Excel by the server: a file download (binary, through `fetchFile`), so the
 * file is saved here rather than cached; a mutation only for its pending state.
 */
export const useExportXlsx = () =>
  useMutation({
    mutationFn: async (body: ExportTable) =>
      saveBlob(await fetchFile(P.exportXlsx, { method: 'POST', body }), `${body.name}.xlsx`),
  });

const POLL_MS = 700;

/** A job, polled while it is queued or running (the progress bar's source). */
export function useJob(id: string | null | undefined) {
  return useQuery({
    queryKey: RESEARCH_KEYS.job(id),
    queryFn: () => researchApi.job(id!),
    enabled: !!id,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'done' || s === 'warning' || s === 'failed' ? false : POLL_MS;
    },
  });
}
