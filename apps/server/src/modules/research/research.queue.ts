import type PgBoss from 'pg-boss';
import { RESEARCH_ERRORS } from '@tcm/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { researchJobs } from '../../db/schema/index.js';
import { JobQueue, type JobLog } from '../../jobs/queue.js';
import { QUEUE_NAMES } from '../../jobs/queues.js';
import { inBackground } from '../../db/priority-gate.js';
import { claimJob, saveModel, streamPoolValues, updateJob } from './research.repo.js';
import { isResearchError } from '@tcm/research';
import { startCompute } from './research.runner.js';
import { tracePhase } from './research.trace.js';

export type ResearchJobData = { jobId: string };
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
export function runResearchJob(db: Db, jobId: string, log: JobLog): Promise<void> {
  return inBackground(() => runJob(db, jobId, log));
}

async function runJob(db: Db, jobId: string, log: JobLog): Promise<void> {
  const job = await claimJob(db, jobId);
  if (!job) return;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const thread = startCompute({ params: job.params, variables: job.variables }, (p) => {
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
    if (!refused) log.error({ jobId: job.id, err: e instanceof Error ? e.message : String(e) }, 'research job failed');
    await updateJob(db, job.id, { status: 'failed', phase: null, failure, finishedAt: new Date() });
  }
}

/**
 * Fails research jobs whose process was lost mid-job (a restart): `running` for longer than any
 * job runs. A conditional update, so processes starting together fail each job once.
 */
async function failStale(db: Db): Promise<void> {
  const def = RESEARCH_ERRORS.ANALYSIS_FAILED;
  await db
    .update(researchJobs)
    .set({ status: 'failed', failure: { code: def.code, zh: def.zh, en: def.en }, finishedAt: new Date() })
    .where(
      and(eq(researchJobs.status, 'running'), lt(researchJobs.startedAt, new Date(Date.now() - STALE_RUNNING_MS))),
    );
}

/**
 * The research job queue (jobs/queue.ts), beside the record analysis queue. One job at a time per
 * process: each is CPU-bound in its own thread, and a second would only halve both on a small
 * machine. No retry: the job row is the outcome. Stale jobs are failed once, at start. Without
 * pg-boss (tests that do not start it) jobs cannot be started.
 */
export function researchQueue(boss: PgBoss | undefined, db: () => Db, log: JobLog): JobQueue<ResearchJobData> {
  return new JobQueue<ResearchJobData>(
    boss,
    {
      name: QUEUE_NAMES.research,
      send: { retryLimit: 0, expireInSeconds: 3600 },
      workers: 1,
      idlePollMs: 1000,
      run: (job) => runResearchJob(db(), job.jobId, log),
      sweep: { run: () => failStale(db()) },
      down: { def: RESEARCH_ERRORS.QUEUE_DOWN },
    },
    log,
  );
}
