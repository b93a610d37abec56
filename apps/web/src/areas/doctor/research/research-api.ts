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
} from '@tcm/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

export interface Page<T> {
  list: T[];
  total: number;
}
export interface ImportResult {
  imported: number;
  skipped: number;
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

const POLL_MS = 700;

/** A job, polled while it is queued or running (the progress bar's source). */
export function useJob(id: string | null | undefined) {
  return useQuery({
    queryKey: ['research', 'job', id],
    queryFn: () => researchApi.job(id!),
    enabled: !!id,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'done' || s === 'failed' ? false : POLL_MS;
    },
  });
}
