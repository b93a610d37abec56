import { eq } from 'drizzle-orm';
import {
  conclusionIdOf,
  doneResult,
  failedParts,
  FILE_ERRORS,
  JOB_ERRORS,
  RECORD_ERRORS,
  type RecordEngine,
  type RecordFailure,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { recordsTable } from '../../db/schema/index.js';
import { isAppError } from '../../http/app-error.js';
import { runPipelineInPool } from '../../jobs/run-pipeline.js';
import { heartbeat } from './orphans.js';
import { ATTEMPT_TIMEOUT_MS, HEARTBEAT_MS, ORPHAN_AFTER_MS } from './timing.js';
import { configForTeam } from '../advice-config/advice-config.service.js';
import { filesByIds, saveFile } from '../files/files.service.js';
import { sourceOf } from '../files/storage.js';
import type { PooledInput } from '../../jobs/engine-jobs.js';
import { planEngines } from '@tcm/analysis/pipeline';
import {
  claimRecord,
  saveOutcome,
  trendHistory,
  updateRecord as update,
  type RecordRow,
} from '../records/records.repo.js';

/**
 * What one analysis attempt needs, injected by the app (app.ts): the database, the file storage,
 * the engine pool, and `notify` to wake this process's progress streams. The job module never
 * reaches for the app context's queue, so app context, queue and worker form no cycle.
 */
export interface AnalysisDeps extends Pick<AppContext, 'db' | 'storage' | 'engines'> {
  notify(recordId: string): void;
}

/** The tongue photo is the point of visitor and device captures: without it the record failed. */
const TONGUE_REQUIRED: readonly RecordRow['source'][] = ['visitor', 'device'];

export { ATTEMPT_TIMEOUT_MS };

/** The failure saved on a record whose last attempt ended with `e`. */
function lastFailureOf(e: unknown) {
  if (isAppError(e) && e.def === JOB_ERRORS.ENGINE_TIMEOUT) return RECORD_ERRORS.ANALYSIS_TIMEOUT;
  if (isAppError(e) && e.def === JOB_ERRORS.ENGINE_CRASHED) return JOB_ERRORS.ENGINE_CRASHED;
  return RECORD_ERRORS.ANALYSIS_FAILED;
}

class PermanentFailure extends Error {
  constructor(readonly failure: RecordFailure) {
    super(failure.msg);
  }
}

async function loadInputs(ctx: AnalysisDeps, r: RecordRow): Promise<PooledInput> {
  const ids = Object.values(r.files).filter((x): x is string => !!x);
  const rows = await filesByIds(ctx.db, ids);
  const files: PooledInput['files'] = {};
  for (const [slot, id] of Object.entries(r.files) as [keyof PooledInput['files'], string][]) {
    const row = rows.find((f) => f.id === id);
    // Local files travel as paths: the engine child reads them, not the API thread.
    const source = row ? await sourceOf(ctx.storage, row.storageKey) : null;
    if (!row || !source)
      throw new PermanentFailure({ code: FILE_ERRORS.FILE_NOT_FOUND.code, msg: FILE_ERRORS.FILE_NOT_FOUND[r.lang] });
    files[slot] = { ...source, name: row.name };
  }
  const history = (await trendHistory(ctx.db, r)).map(({ date, vitals }) => ({ date, vitals }));
  return {
    files,
    sex: r.personSex ?? undefined,
    inquiry: r.inquiry,
    vitals: r.vitals,
    history,
    date: r.createdAt.toISOString(),
    lang: r.lang,
    // The version in force when the job runs; the record keeps it in its advice (docs/member.md).
    adviceConfig: await configForTeam(ctx.db, r.teamId),
    // A redo runs only the replaced capture's engine and the synthesis (docs/records.md "Redo").
    ...(r.keepResults ? { kept: r.results } : {}),
  };
}

/**
 * One analysis attempt of a record (the job handler). Engine rejections are saved per engine;
 * the record fails when nothing usable is left. An unexpected error is rethrown for pg-boss to
 * retry, and on the last attempt the record is marked failed with the reason — never lost.
 */
export async function analyzeRecord(
  ctx: AnalysisDeps,
  recordId: string,
  opts: { lastAttempt: boolean },
): Promise<void> {
  const r = await claimRecord(ctx.db, recordId, ORPHAN_AFTER_MS);
  if (!r) return; // finished, or another worker is on it
  ctx.notify(r.id);
  // The heartbeat tells other processes' sweeps that this record's worker is alive.
  const beat = setInterval(() => void heartbeat(ctx.db, r.id).catch(() => undefined), HEARTBEAT_MS);
  try {
    await analyzeClaimed(ctx, r, opts);
  } finally {
    clearInterval(beat);
  }
}

async function analyzeClaimed(ctx: AnalysisDeps, r: RecordRow, opts: { lastAttempt: boolean }): Promise<void> {
  const updateRecord = async (id: string, set: Parameters<typeof update>[2]) => {
    await update(ctx.db, id, set);
    ctx.notify(id);
  };
  try {
    const input = await loadInputs(ctx, r);
    const planned = planEngines(input);
    const outcomes = await runPipelineInPool(
      ctx.engines,
      input,
      {
        onStep: (engine) => updateRecord(r.id, { step: engine }),
        onOutcome: async (engine, outcome) => {
          await saveOutcome(ctx.db, r.id, engine, outcome);
          ctx.notify(r.id);
        },
        onTongueMask: async (png, size) => {
          const f = await saveFile(ctx.db, ctx.storage, {
            bytes: png,
            name: 'tongue-mask.png',
            trusted: { kind: 'image', mime: 'image/png', ...size },
            ownerUserId: r.ownerUserId,
            deviceId: r.deviceId,
          });
          await ctx.db.update(recordsTable).set({ tongueMaskFileId: f.id }).where(eq(recordsTable.id, r.id));
        },
      },
      ATTEMPT_TIMEOUT_MS,
    );
    const captures = planned.filter((e) => e !== 'synthesis');
    const failedOf = (e: RecordEngine) => (outcomes[e]?.status === 'failed' ? outcomes[e].error : undefined);
    const fatal =
      (TONGUE_REQUIRED.includes(r.source) && failedOf('tongue')) ||
      failedOf('synthesis') ||
      (captures.length > 0 && captures.every((e) => failedOf(e)) ? failedOf(captures[0]!) : undefined);
    if (fatal) {
      await updateRecord(r.id, { status: 'failed', step: null, failure: fatal, finishedAt: new Date() });
      return;
    }
    // A part asked for that failed (a refused questionnaire, a capture its engine refused) leaves
    // the record `partial`, never a plain `done` that hides it (issue 32; docs/records.md).
    const missing = failedParts(outcomes).map(({ engine, code }) => ({ engine, code }));
    await updateRecord(r.id, {
      status: missing.length ? 'partial' : 'done',
      missing,
      step: null,
      // An id, worded when read in the reader's language (docs/records.md "Conclusion").
      conclusion: conclusionIdOf(doneResult(outcomes, 'synthesis')),
      finishedAt: new Date(),
    });
  } catch (e) {
    if (e instanceof PermanentFailure) {
      await updateRecord(r.id, { status: 'failed', step: null, failure: e.failure, finishedAt: new Date() });
      return;
    }
    const reason = e instanceof Error ? e.message : String(e);
    if (opts.lastAttempt) {
      const def = lastFailureOf(e);
      await updateRecord(r.id, {
        status: 'failed',
        step: null,
        failure: { code: def.code, msg: `${def[r.lang]} (${reason.slice(0, 300)})` },
        finishedAt: new Date(),
      });
    } else {
      await updateRecord(r.id, { status: 'queued', step: null });
    }
    throw e;
  }
}
