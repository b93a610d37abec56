import { customType, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, updatedAt, uuidId } from './columns.js';
import { jobParamsSchema, type PoolVariable, type SampleValue } from '@tcm/contract';
import { storedJson } from './stored-json.js';
import { users } from './users.js';

/** A doctor's data pool: a named set of samples and its variable dictionary (docs/research.md "Server"). */
export const researchPools = pgTable(
  'research_pool',
  {
    id: uuidId(),
    ownerUserId: requiredRef('owner_user_id', () => users.id),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    /** The dictionary, in column order; small (≤ 500 entries), read whole with the pool. */
    variables: jsonb('variables').$type<PoolVariable[]>().notNull().default([]),
    /** Kept by every sample insert and delete (same transaction): a list never counts 100k rows. */
    sampleCount: integer('sample_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('research_pool_owner_idx').on(t.ownerUserId, t.createdAt)],
);

/**
 * One sample of a pool: its values keyed by variable key (a missing key is a missing value), and
 * where it came from, so a second system import skips what the first brought in.
 */
export const researchSamples = pgTable(
  'research_sample',
  {
    id: uuidId(),
    poolId: requiredRef('pool_id', () => researchPools.id, 'cascade'),
    source: text('source', { enum: ['record', 'visit', 'file', 'manual'] }).notNull(),
    sourceId: text('source_id'),
    values: jsonb('values').$type<Record<string, SampleValue>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('research_sample_pool_idx').on(t.poolId, t.createdAt, t.id),
    index('research_sample_source_idx').on(t.poolId, t.source, t.sourceId),
  ],
);

/** An analysis of a pool run as a background job; a classification job keeps its trained model. */
export const researchJobs = pgTable(
  'research_job',
  {
    id: uuidId(),
    poolId: requiredRef('pool_id', () => researchPools.id, 'cascade'),
    ownerUserId: requiredRef('owner_user_id', () => users.id),
    kind: text('kind', { enum: ['frequency', 'association', 'clustering', 'classification'] }).notNull(),
    params: storedJson('params', jobParamsSchema).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'warning', 'failed'] })
      .notNull()
      .default('queued'),
    progress: real('progress').notNull().default(0),
    phase: text('phase'),
    /** The pool's dictionary when the job started: results and the predict form read it. */
    variables: jsonb('variables').$type<PoolVariable[]>().notNull(),
    sampleCount: integer('sample_count').notNull().default(0),
    result: jsonb('result'),
    failure: jsonb('failure').$type<{ code: number; zh: string; en: string }>(),
    createdAt: createdAt(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    index('research_job_owner_idx').on(t.ownerUserId, t.createdAt),
    index('research_job_pool_idx').on(t.poolId, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A classification job's trained model (packages/research `ClassifierModel`), as gzipped JSON
 * cut into parts of at most 256 KB, `seq` 0, 1, 2…: saved one part a query, so that on embedded
 * PGlite (the database on the API's thread) no single write of a large forest pauses requests
 * (docs/research.md "API latency"). Read back whole only to predict. A part that is not gzip
 * (no 1f 8b head) is plain JSON text: models saved before the parts existed.
 */
export const researchJobModelParts = pgTable(
  'research_job_model_part',
  {
    jobId: requiredRef('job_id', () => researchJobs.id, 'cascade'),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
