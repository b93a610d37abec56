import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobParamsInput, ResearchJob } from '@tcm/contract';
import { researchApi, useJob } from './research-api.js';

/**
 * What an analysis screen shares: the chosen pool (its dictionary), the job shown (the newest
 * of this kind for the pool when the screen opens, else the one just started) and `start`.
 */
export function useAnalysis(kind: ResearchJob['kind']) {
  const qc = useQueryClient();
  const [poolId, setPoolId] = useState<string | undefined>();
  const [jobId, setJobId] = useState<string | null>(null);
  const pools = useQuery({
    queryKey: ['research', 'pools', 'all'],
    queryFn: () => researchApi.pools({ page: 1, size: 1000 }),
  });
  useEffect(() => {
    const first = pools.data?.list[0];
    if (!poolId && first) setPoolId(first.id);
  }, [pools.data, poolId]);
  const pool = pools.data?.list.find((p) => p.id === poolId);
  const latest = useQuery({
    queryKey: ['research', 'jobs', kind, poolId],
    queryFn: () => researchApi.jobs({ poolId, kind, limit: 1 }),
    enabled: !!poolId,
  });
  useEffect(() => setJobId(latest.data?.[0]?.id ?? null), [latest.data]);
  const job = useJob(jobId);
  const start = async (params: JobParamsInput) => {
    if (!poolId) return;
    const j = await researchApi.startJob(poolId, params);
    setJobId(j.id);
    void qc.invalidateQueries({ queryKey: ['research', 'jobs'] });
  };
  return { pools, pool, poolId, setPoolId, job: job.data, start, done: job.data?.status === 'done' };
}
