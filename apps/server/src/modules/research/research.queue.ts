import type PgBoss from 'pg-boss';
import { RESEARCH_ERRORS, type JobParams } from '@tcm/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { researchJobs } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { inBackground } from '../../db/priority-gate.js';
import { claimJob, saveModel, streamPoolValues, updateJob } from './research.repo.js';
import { isResearchError } from '@tcm/research';
import { startCompute } from './research.runner.js';
import { tracePhase } from './research.trace.js';

export const RESEARCH_QUEUE = 'research-analysis';
/** Progress is written at most this often: a forest reports every tree. */
const PROGRESS_WRITE_MS = 300;
/** A job running this long lost its process (a restart mid-job); the sweep at start fails it. */
const STALE_RUNNING_MS = 60 * 60 * 1000;

/**
 * Runs one queued research job: starts its worker thread, streams the pool's samples to it a page
 * at a time, lets it compute (the API's event loop only relays progress), then saves the result
 * and the model a page at a time. A refusal of @tcm/research (a target with one class, too few
 * samples…) fails the job with its zh/en reason; anything else fails it as unexpected. Never
 * throws: the job row is the outcome, so no pg-boss retry re-runs it. All its queries run at
 * background priority: on embedded PGlite's one connection, requests go first
 * (db/priority-gate.ts).
 */
export function runResearchJob(db: Db, jobId: string): Promise<void> {
  return inBackground(() => runJob(db, jobId));
}

async function runJob(db: Db, jobId: string): Promise<void> {
  const job = await claimJob(db, jobId);
  if (!job) return;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const thread = startCompute({ params: job.params as JobParams, variables: job.variables }, (p) => {
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = Date.now();
    writing = writing.then(() => updateJob(db, job.id, { progress: Math.min(0.99, p.fraction), phase: p.phase }));
  });
  try {
    tracePhase(job.id, 'load');
    let sampleCount: number;
    try {
      sampleCount = await streamPoolValues(db, job.poolId, (json) => thread.page(json));
    } catch (e) {
      thread.abort();
      throw e;
    }
    thread.end();
    tracePhase(job.id, 'compute');
    const out = await thread.out;
    await writing;
    tracePhase(job.id, 'save');
    if (out.model) await saveModel(db, job.id, out.model);
    await updateJob(db, job.id, {
      status: out.warned ? 'warning' : 'done',
      progress: 1,
      phase: null,
      // The thread's JSON text goes in as it is: no parse or stringify on the API thread.
      result: sql`${out.result}::jsonb`,
      sampleCount,
      finishedAt: new Date(),
    });
    tracePhase(job.id, 'done');
  } catch (e) {
    await writing.catch(() => undefined);
    const refused = isResearchError(e) ? (e.texts ?? e.def) : null;
    const def = refused ? RESEARCH_ERRORS.ANALYSIS_REFUSED : RESEARCH_ERRORS.ANALYSIS_FAILED;
    const failure = refused
      ? { code: def.code, zh: `${def.zh}：${refused.zh}`, en: `${def.en}: ${refused.en}` }
      : { code: def.code, zh: def.zh, en: def.en };
    if (!refused) console.error('[research] job failed:', e instanceof Error ? e.message : e);
    await updateJob(db, job.id, { status: 'failed', phase: null, failure, finishedAt: new Date() });
  }
}

/**
 * The research job queue on pg-boss (beside the record analysis queue, modules/analysis). One
 * job at a time per process: each is CPU-bound in its own thread, and a second would only halve
 * both on a small machine. Without pg-boss (tests that do not start it) jobs cannot be started.
 */
export class ResearchQueue {
  private workId: string | null = null;

  constructor(private readonly boss: PgBoss | undefined) {}

  async start(db: Db): Promise<void> {
    if (!this.boss) return;
    await this.boss.createQueue(RESEARCH_QUEUE);
    await db
      .update(researchJobs)
      .set({
        status: 'failed',
        failure: {
          code: RESEARCH_ERRORS.ANALYSIS_FAILED.code,
          zh: RESEARCH_ERRORS.ANALYSIS_FAILED.zh,
          en: RESEARCH_ERRORS.ANALYSIS_FAILED.en,
        },
        finishedAt: new Date(),
      })
      .where(
        and(eq(researchJobs.status, 'running'), lt(researchJobs.startedAt, new Date(Date.now() - STALE_RUNNING_MS))),
      );
    this.workId = await this.boss.work<{ jobId: string }>(
      RESEARCH_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await runResearchJob(db, job.data.jobId);
      },
    );
  }

  async stop(): Promise<void> {
    if (this.boss && this.workId) await this.boss.offWork({ id: this.workId }).catch(() => undefined);
    this.workId = null;
  }

  async enqueue(jobId: string): Promise<void> {
    if (!this.boss) throw new AppError(RESEARCH_ERRORS.QUEUE_DOWN);
    await this.boss.send(RESEARCH_QUEUE, { jobId }, { retryLimit: 0, expireInSeconds: 3600 });
  }
}
