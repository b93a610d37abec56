import { parseStoredResult, RESEARCH_ERRORS, type ResearchResult } from '@tcm/contract';
import { wilsonInterval } from '@tcm/research';
import { processLog } from '../../logger.js';
import type { JobRow } from './research.repo.js';

/** A job as read: its result parsed once into the contract's union (docs/research.md "Typed results"). */
export type StoredJob = Omit<JobRow, 'result'> & { result: ResearchResult | null };

/**
 * Parses a job row's result where it is read. A result stored before this version's fields is
 * brought up: `kind` from the job, a classification's majority-class baseline and Wilson interval
 * from its confusion matrix. One this version cannot read is kept in the database but shown as the
 * job's failure (`RESULT_UNREADABLE`), so the job list and detail still open rather than a 500.
 */
export function readJob(row: JobRow): StoredJob {
  if (row.result === null || row.result === undefined) return { ...row, result: null };
  try {
    return { ...row, result: parseStoredResult(row.kind, upgrade(row.kind, row.result)) };
  } catch (e) {
    processLog().warn(
      { job: row.id, reason: e instanceof Error ? e.message.slice(0, 200) : String(e) },
      'stored research result unreadable',
    );
    const def = RESEARCH_ERRORS.RESULT_UNREADABLE;
    return { ...row, status: 'failed', result: null, failure: { code: def.code, zh: def.zh, en: def.en } };
  }
}

interface OldEvaluation {
  samples?: number;
  accuracy?: number;
  perClass?: Array<{ label: string; support: number }>;
  baseline?: unknown;
}

function upgrade(kind: JobRow['kind'], stored: unknown): unknown {
  if (kind !== 'classification' || typeof stored !== 'object' || stored === null) return stored;
  const evaluation = (stored as { evaluation?: OldEvaluation }).evaluation;
  if (!evaluation || evaluation.baseline !== undefined || !evaluation.perClass?.length) return stored;
  const samples = evaluation.samples ?? 0;
  const top = evaluation.perClass.reduce((a, b) => (b.support > a.support ? b : a));
  return {
    ...stored,
    evaluation: {
      ...evaluation,
      baseline: { label: top.label, accuracy: samples > 0 ? top.support / samples : 0 },
      accuracyCi95: wilsonInterval(Math.round((evaluation.accuracy ?? 0) * samples), samples),
    },
  };
}
