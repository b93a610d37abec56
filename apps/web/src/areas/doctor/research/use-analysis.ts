import { useEffect, useState } from 'react';
import type { JobParamsInput, ResearchJob } from '@tcm/contract';
import { finished, resultOf } from './results.js';
import { useAllPools, useJob, useLatestJobs, useStartJob } from './research-api.js';

/**
 * What an analysis screen shares: the chosen pool (its dictionary), the job shown (the newest
 * of this kind for the pool when the screen opens, else the one just started) and `start`.
 */
export function useAnalysis<K extends ResearchJob['kind']>(kind: K) {
  const [poolId, setPoolId] = useState<string | undefined>();
  const [jobId, setJobId] = useState<string | null>(null);
  const pools = useAllPools();
  useEffect(() => {
    const first = pools.data?.list[0];
    if (!poolId && first) setPoolId(first.id);
  }, [pools.data, poolId]);
  const pool = pools.data?.list.find((p) => p.id === poolId);
  const latest = useLatestJobs(kind, poolId);
  const startJob = useStartJob(poolId);
  useEffect(() => setJobId(latest.data?.[0]?.id ?? null), [latest.data]);
  const job = useJob(jobId);
  const start = async (params: JobParamsInput) => {
    if (!poolId) return;
    const j = await startJob.mutateAsync(params);
    setJobId(j.id);
  };
  return {
    pools,
    pool,
    poolId,
    setPoolId,
    job: job.data,
    start,
    starting: startJob.isPending,
    /** Done or warning: the result is shown (a warning's reasons above it). */
    done: finished(job.data),
    /** The shown job's result, of this screen's kind. */
    result: resultOf(job.data, kind),
  };
}
