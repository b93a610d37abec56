import { RESEARCH_ERRORS } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { findJob, findPool, findPools, type PoolWithCount } from './research.repo.js';
import type { StoredJob } from './research.stored.js';

/**
 * A pool and its samples and jobs belong to the doctor who made it; anyone else gets 403, also
 * for ids that do not exist, so another doctor's ids cannot be probed (404 would tell them apart).
 */
export async function poolFor(db: Db, p: Principal, id: string): Promise<PoolWithCount> {
  const pool = await findPool(db, id);
  if (!pool || pool.ownerUserId !== p.user.id) throw new AppError(RESEARCH_ERRORS.POOL_FORBIDDEN);
  return pool;
}

/** Batch calls: every id must be an own pool, else the whole call is 403 and nothing changes. */
export async function ownPools(db: Db, p: Principal, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await findPools(db, unique);
  if (rows.length !== unique.length || rows.some((r) => r.ownerUserId !== p.user.id))
    throw new AppError(RESEARCH_ERRORS.POOL_FORBIDDEN);
}

export async function jobFor(db: Db, p: Principal, id: string): Promise<StoredJob> {
  const job = await findJob(db, id);
  if (!job || job.ownerUserId !== p.user.id) throw new AppError(RESEARCH_ERRORS.JOB_FORBIDDEN);
  return job;
}
