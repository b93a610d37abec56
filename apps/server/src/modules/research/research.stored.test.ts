import { describe, expect, it } from 'vitest';
import { RESEARCH_ERRORS } from '@tcm/contract';
import { wilsonInterval } from '@tcm/research';
import type { JobRow } from './research.repo.js';
import { readJob } from './research.stored.js';

const row = (kind: JobRow['kind'], result: unknown): JobRow => ({
  id: '00000000-0000-0000-0000-000000000001',
  poolId: '00000000-0000-0000-0000-000000000002',
  ownerUserId: '00000000-0000-0000-0000-000000000003',
  kind,
  params: { kind: 'frequency' },
  status: 'done',
  progress: 1,
  phase: null,
  variables: [],
  sampleCount: 10,
  result,
  failure: null,
  createdAt: new Date(),
  startedAt: null,
  finishedAt: new Date(),
});

describe('stored research results, parsed once on read', () => {
  it('a classification result stored before the baseline gets it and the Wilson interval from its own figures', () => {
    const old = {
      classifier: 'naive-bayes',
      target: 's',
      features: ['x'],
      classes: ['a', 'b'],
      trainedSamples: 10,
      evaluation: {
        samples: 10,
        accuracy: 0.8,
        macroF1: 0.79,
        perClass: [
          { label: 'a', precision: 0.8, recall: 0.8, f1: 0.8, support: 4 },
          { label: 'b', precision: 0.8, recall: 0.8, f1: 0.8, support: 6 },
        ],
        confusion: {
          labels: ['a', 'b'],
          matrix: [
            [3, 1],
            [1, 5],
          ],
        },
        folds: 2,
        perFold: [],
      },
      importance: [],
      skipped: 0,
    };
    const job = readJob(row('classification', old));
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ kind: 'classification', warnings: [] });
    if (job.result?.kind !== 'classification') throw new Error('not a classification');
    expect(job.result.evaluation.baseline).toEqual({ label: 'b', accuracy: 0.6 });
    expect(job.result.evaluation.accuracyCi95).toEqual(wilsonInterval(8, 10));
  });

  it('a result this version cannot read opens as a failed job with RESULT_UNREADABLE, not a 500', () => {
    const job = readJob(row('clustering', { samples: 'many' }));
    expect(job.status).toBe('failed');
    expect(job.result).toBeNull();
    expect(job.failure?.code).toBe(RESEARCH_ERRORS.RESULT_UNREADABLE.code);
  });
});
