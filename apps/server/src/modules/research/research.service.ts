import { sql } from 'drizzle-orm';
import {
  RESEARCH_ERRORS,
  type ImportError,
  type ImportMapping,
  type JobParams,
  type Pool,
  type PoolVariable,
  type ResearchJob,
  type ResearchJobSummary,
  type Sample,
  type SampleValue,
} from '@tcm/contract';
import { predict, type ClassifierModel, type Prediction } from '@tcm/research';
import type { Db } from '../../db/client.js';
import { researchSamples } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { buildQueryWhere, type QueryWhitelist } from '../query/query-sql.js';
import type { Queue } from '../../jobs/queue.js';
import type { ResearchJobData } from './research.queue.js';
import { checkValues, mergeDictionary, parseCell, withLevels } from './research.dictionary.js';
import { readTable, type Table } from './research.file.js';
import { jobFor, ownPools, poolFor } from './research.access.js';
import * as repo from './research.repo.js';
import { readJob, type StoredJob } from './research.stored.js';
import { SYSTEM_VARIABLES, systemSamples, type ImportMissing } from './research.system.js';
import type { CombinedQuery } from '@tcm/contract';

const iso = (d: Date) => d.toISOString();

export function toPool(p: repo.PoolWithCount): Pool {
  return {
    id: p.id,
    name: p.name,
    remark: p.remark,
    variables: p.variables,
    sampleCount: p.sampleCount,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

const toSample = (s: repo.SampleRow): Sample => ({
  id: s.id,
  source: s.source,
  sourceId: s.sourceId,
  values: s.values,
  createdAt: iso(s.createdAt),
});

export async function listPools(db: Db, p: Principal, body: { page: number; size: number; search?: string }) {
  const page = await repo.listPools(db, p.user.id, body);
  return { list: page.list.map(toPool), total: page.total };
}

export async function addPool(
  db: Db,
  p: Principal,
  body: { name: string; remark: string; variables: PoolVariable[] },
): Promise<Pool> {
  return toPool(await repo.insertPool(db, { ownerUserId: p.user.id, ...body }));
}

/**
 * Renames a pool or rewrites its dictionary. A variable that holds sample values may gain
 * levels and words but not be removed or change type (409): the samples would stop fitting it.
 */
export async function updatePool(
  db: Db,
  p: Principal,
  id: string,
  body: { name?: string; remark?: string; variables?: PoolVariable[] },
): Promise<Pool> {
  const pool = await poolFor(db, p, id);
  if (body.variables) {
    const next = new Map(body.variables.map((v) => [v.key, v]));
    for (const old of pool.variables) {
      const now = next.get(old.key);
      const narrowed =
        now?.type === 'categorical' && now.levels?.length && (old.levels ?? []).some((l) => !now.levels!.includes(l));
      if ((!now || now.type !== old.type || narrowed) && (await repo.variableInUse(db, id, old.key)))
        throw new AppError(RESEARCH_ERRORS.DICTIONARY_CONFLICT, undefined, { variable: old.key });
    }
  }
  await repo.updatePool(db, id, body);
  return toPool((await repo.findPool(db, id))!);
}

export async function removePools(db: Db, p: Principal, ids: string[]): Promise<string[]> {
  await ownPools(db, p, ids);
  await repo.deletePools(db, ids);
  return ids;
}

/** The combined query's fields over a pool: each variable by key (typed), and `source`. */
function sampleWhitelist(variables: readonly PoolVariable[]): QueryWhitelist {
  const fields: Record<string, QueryWhitelist[string]> = {
    source: { column: researchSamples.source, type: 'string' },
  };
  for (const v of variables) {
    const text = sql`(${researchSamples.values} ->> ${v.key})`;
    fields[v.key] =
      v.type === 'numeric'
        ? { column: sql`(${text})::double precision`, type: 'double' }
        : { column: text, type: 'string' };
  }
  return fields;
}

export async function listSamples(
  db: Db,
  p: Principal,
  poolId: string,
  body: { page: number; size: number; query?: CombinedQuery },
) {
  const pool = await poolFor(db, p, poolId);
  const where = buildQueryWhere(body.query, sampleWhitelist(pool.variables));
  const page = await repo.listSamples(db, poolId, { page: body.page, size: body.size, where });
  return { list: page.list.map(toSample), total: page.total };
}

export async function updateSample(
  db: Db,
  p: Principal,
  poolId: string,
  sampleId: string,
  values: Record<string, SampleValue>,
): Promise<Sample> {
  const pool = await poolFor(db, p, poolId);
  const sample = await repo.findSample(db, poolId, sampleId);
  if (!sample) throw new AppError(RESEARCH_ERRORS.SAMPLE_FORBIDDEN);
  checkValues(pool.variables, values);
  // A null clears the value: stored as a missing key.
  const merged = Object.fromEntries(
    Object.entries({ ...sample.values, ...values }).filter(([, v]) => v !== null),
  ) as Record<string, SampleValue>;
  return toSample(await repo.updateSample(db, sampleId, merged));
}

/** Deletes samples of the pool; an id that is not the pool's makes the whole call 403, nothing deleted. */
export async function removeSamples(db: Db, p: Principal, poolId: string, ids: string[]): Promise<number> {
  await poolFor(db, p, poolId);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const n = await repo.deleteSamples(tx, poolId, unique);
    if (n !== unique.length) throw new AppError(RESEARCH_ERRORS.SAMPLE_FORBIDDEN);
    return n;
  });
}

/**
 * dataPoolItem-system: the doctor's own finished records and case-archive visits become
 * samples; ones already imported into this pool are skipped. The dictionary gains the system
 * variables (with the platform patterns met, worded) and the doctor's syndromes as levels.
 */
export async function importSystem(
  db: Db,
  p: Principal,
  poolId: string,
  sources: Array<'records' | 'visits'>,
): Promise<{ imported: number; skipped: number; missing: ImportMissing; pool: Pool }> {
  const pool = await poolFor(db, p, poolId);
  const skip = {
    record: await repo.importedSourceIds(db, poolId, 'record'),
    visit: await repo.importedSourceIds(db, poolId, 'visit'),
  };
  const { samples, patternWords, missing } = await systemSamples(db, p.user.id, sources, skip);
  const seen = (key: string) => samples.map((s) => s.values[key]).filter((x): x is string => typeof x === 'string');
  const system = SYSTEM_VARIABLES.map((v) => {
    if (v.key === 'synthesis.pattern')
      return { ...withLevels(v, seen(v.key)), levelWords: Object.fromEntries(patternWords) };
    return v.key === 'syndrome' ? withLevels(v, seen(v.key)) : v;
  });
  const variables = mergeDictionary(pool.variables, system);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.insertSamples(
      t,
      poolId,
      samples.map((s) => ({ source: s.source, sourceId: s.sourceId, values: s.values })),
    );
    await repo.updatePool(t, poolId, { variables });
  });
  return {
    imported: samples.length,
    skipped: skip.record.size + skip.visit.size,
    missing,
    pool: toPool((await repo.findPool(db, poolId))!),
  };
}

export async function previewFile(db: Db, p: Principal, poolId: string, bytes: Uint8Array, name: string) {
  await poolFor(db, p, poolId);
  const t = await readTable(bytes, name);
  return { columns: t.columns, rows: t.rows.slice(0, 20), total: t.rows.length };
}

/**
 * Turns a file's rows into samples through the mapping. Every cell is checked against its
 * variable; the errors name the file row (header = 1) and the column. New variables named by the
 * mapping are added with the levels seen.
 */
export function mapTable(
  dictionary: readonly PoolVariable[],
  mapping: ImportMapping,
  table: Table,
): { variables: PoolVariable[]; samples: Array<Record<string, SampleValue>>; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const err = (row: number, column: string, value: string, why: { zh: string; en: string }) =>
    errors.push({ row, column, value: value.slice(0, 100), zh: why.zh, en: why.en });
  let variables = [...dictionary];
  const plan: Array<{ index: number; column: string; v: PoolVariable }> = [];
  const mapped = new Set<string>();
  for (const m of mapping) {
    const index = table.columns.indexOf(m.column);
    if (index < 0) {
      err(1, m.column, '', { zh: '文件中没有这一列', en: 'the file has no such column' });
      continue;
    }
    if (mapped.has(m.key)) {
      err(1, m.column, m.key, { zh: '两列映射到同一变量', en: 'two columns map to the same variable' });
      continue;
    }
    mapped.add(m.key);
    let v = variables.find((x) => x.key === m.key);
    if (!v) {
      if (!m.type) {
        err(1, m.column, m.key, {
          zh: '变量不在字典中，需给出类型',
          en: 'the variable is not in the dictionary; give its type',
        });
        continue;
      }
      v = { key: m.key, type: m.type, kind: m.kind ?? 'other', label: m.label ?? { zh: m.column, en: m.column } };
      variables.push(v);
    }
    plan.push({ index, column: m.column, v });
  }
  const samples: Array<Record<string, SampleValue>> = [];
  const newLevels = new Map<string, Set<string>>();
  table.rows.forEach((cells, i) => {
    const values: Record<string, SampleValue> = {};
    for (const { index, column, v } of plan) {
      const raw = cells[index] ?? '';
      const r = parseCell(v, raw);
      if ('error' in r) err(i + 2, column, raw, r.error);
      else if (r.value !== null) {
        values[v.key] = r.value;
        if (typeof r.value === 'string') newLevels.set(v.key, (newLevels.get(v.key) ?? new Set()).add(r.value));
      }
    }
    samples.push(values);
  });
  variables = variables.map((v) => withLevels(v, newLevels.get(v.key) ?? []));
  return { variables, samples, errors };
}

/** CSV / Excel import: all rows or none. Any error answers 400 with every error (row, column, value). */
export async function importFile(
  db: Db,
  p: Principal,
  poolId: string,
  bytes: Uint8Array,
  name: string,
  mapping: ImportMapping,
): Promise<{ imported: number; skipped: number; pool: Pool }> {
  const pool = await poolFor(db, p, poolId);
  const table = await readTable(bytes, name);
  const { variables, samples, errors } = mapTable(pool.variables, mapping, table);
  if (errors.length)
    throw new AppError(RESEARCH_ERRORS.IMPORT_INVALID, undefined, {
      errors: errors.slice(0, 1000),
      count: errors.length,
    });
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.insertSamples(
      t,
      poolId,
      samples.map((values) => ({ source: 'file' as const, sourceId: null, values })),
    );
    await repo.updatePool(t, poolId, { variables });
  });
  return { imported: samples.length, skipped: 0, pool: toPool((await repo.findPool(db, poolId))!) };
}

/** Checks a job's variables against the dictionary before it is queued (400 naming the key). */
function checkParams(variables: readonly PoolVariable[], params: JobParams): void {
  const byKey = new Map(variables.map((v) => [v.key, v]));
  const need = (key: string, types: PoolVariable['type'][], field: string) => {
    const v = byKey.get(key);
    if (!v) throw new AppError(RESEARCH_ERRORS.VARIABLE_UNKNOWN, `${field}: "${key}" is not in the pool's dictionary`);
    if (!types.includes(v.type))
      throw new AppError(
        RESEARCH_ERRORS.ANALYSIS_REFUSED,
        `${field}: "${key}" is ${v.type}; ${types.join(' or ')} needed`,
      );
  };
  const any: PoolVariable['type'][] = ['binary', 'categorical', 'numeric'];
  const counted: PoolVariable['type'][] = ['binary', 'categorical'];
  switch (params.kind) {
    case 'frequency':
      params.variables?.forEach((k) => need(k, any, 'variables'));
      return;
    case 'association':
      params.findings?.forEach((k) => need(k, counted, 'findings'));
      params.syndromes?.forEach((k) => need(k, counted, 'syndromes'));
      return;
    case 'clustering':
      params.variables.forEach((k) => need(k, any, 'variables'));
      return;
    case 'classification':
      need(params.target, counted, 'target');
      params.features.forEach((k) => need(k, any, 'features'));
      if (params.features.includes(params.target))
        throw new AppError(RESEARCH_ERRORS.ANALYSIS_REFUSED, 'features: the target cannot be a feature');
  }
}

export async function startJob(
  db: Db,
  queue: Queue<ResearchJobData>,
  p: Principal,
  poolId: string,
  params: JobParams,
): Promise<ResearchJob> {
  const pool = await poolFor(db, p, poolId);
  checkParams(pool.variables, params);
  const job = await repo.insertJob(db, {
    poolId,
    ownerUserId: p.user.id,
    kind: params.kind,
    params,
    variables: pool.variables,
    sampleCount: pool.sampleCount,
  });
  await queue.enqueue({ jobId: job.id });
  return toJob(readJob(job), pool.name);
}

function summaryOf(
  j: Omit<repo.JobRow, 'result' | 'variables' | 'ownerUserId' | 'startedAt' | 'sampleCount'>,
  poolName: string,
): ResearchJobSummary {
  return {
    id: j.id,
    poolId: j.poolId,
    poolName,
    kind: j.kind,
    params: j.params,
    status: j.status,
    progress: j.progress,
    phase: j.phase,
    failure: j.failure ?? null,
    createdAt: iso(j.createdAt),
    finishedAt: j.finishedAt ? iso(j.finishedAt) : null,
  };
}

const toJob = (j: StoredJob, poolName: string): ResearchJob => ({
  ...summaryOf(j, poolName),
  result: j.result ?? null,
  variables: j.variables,
});

export async function jobDetail(db: Db, p: Principal, id: string): Promise<ResearchJob> {
  const job = await jobFor(db, p, id);
  const pool = await repo.findPool(db, job.poolId);
  return toJob(job, pool?.name ?? '');
}

export async function listJobs(
  db: Db,
  p: Principal,
  body: { poolId?: string; kind?: ResearchJob['kind']; limit: number },
): Promise<ResearchJobSummary[]> {
  if (body.poolId) await poolFor(db, p, body.poolId);
  const rows = await repo.listJobs(db, p.user.id, body);
  return rows.map((r) => summaryOf(r, r.poolName));
}

/** The trained model of an own, finished classification job. */
async function modelOf(db: Db, p: Principal, jobId: string): Promise<{ model: ClassifierModel; job: StoredJob }> {
  const job = await jobFor(db, p, jobId);
  if (job.kind !== 'classification') throw new AppError(RESEARCH_ERRORS.NOT_A_MODEL);
  // A `warning` job's model is usable too: its page shows why it is weak.
  const model = job.status === 'done' || job.status === 'warning' ? await repo.loadModel(db, job.id) : undefined;
  if (!model) throw new AppError(RESEARCH_ERRORS.JOB_NOT_DONE);
  return { model: model as ClassifierModel, job };
}

/** A refusal of the model (a missing variable…) is an EngineError 4102008: the error handler answers it. */
function runPredict(model: ClassifierModel, records: Array<Record<string, SampleValue>>): Prediction[] {
  return predict(model, records);
}

/**
 * Predicts samples with a trained model. Values are checked against the dictionary of the job
 * (what the model was trained on), so a typo is a 400 naming the key rather than a silent miss.
 */
export async function predictRecords(db: Db, p: Principal, jobId: string, records: Array<Record<string, SampleValue>>) {
  const { model, job } = await modelOf(db, p, jobId);
  records.forEach((r) => checkValues(job.variables, r));
  return { target: model.target, predictions: runPredict(model, records) };
}

/** Predicts the rows of a CSV / Excel file whose header names the variables (by key). */
export async function predictFile(db: Db, p: Principal, jobId: string, bytes: Uint8Array, name: string) {
  const { model, job } = await modelOf(db, p, jobId);
  const table = await readTable(bytes, name);
  const mapping = table.columns
    .filter((c) => job.variables.some((v) => v.key === c))
    .map((c) => ({ column: c, key: c }));
  if (!mapping.length)
    throw new AppError(RESEARCH_ERRORS.IMPORT_INVALID, undefined, {
      errors: [
        {
          row: 1,
          column: '',
          value: '',
          zh: '没有一列的名称是模型的变量',
          en: "no column is named after a model's variable",
        },
      ],
      count: 1,
    });
  const { samples, errors } = mapTable(job.variables, mapping, table);
  if (errors.length)
    throw new AppError(RESEARCH_ERRORS.IMPORT_INVALID, undefined, {
      errors: errors.slice(0, 1000),
      count: errors.length,
    });
  return { target: model.target, predictions: runPredict(model, samples) };
}

export async function home(db: Db, p: Principal) {
  const pools = await repo.listPools(db, p.user.id, { page: 1, size: 100 });
  const jobs = await listJobs(db, p, { limit: 10 });
  const counts = await db.execute<{ records: number; cases: number; visits: number }>(sql`
    select
      (select count(*)::int from diagnosis_record where owner_user_id = ${p.user.id}) as records,
      (select count(*)::int from archive_case where owner_user_id = ${p.user.id} and deleted_at is null) as cases,
      (select count(*)::int from archive_visit v join archive_case c on c.id = v.case_id
        where c.owner_user_id = ${p.user.id} and c.deleted_at is null) as visits`);
  const c = counts.rows[0] ?? { records: 0, cases: 0, visits: 0 };
  return {
    pools: pools.list.map((x) => {
      const { variables: _v, ...rest } = toPool(x);
      void _v;
      return rest;
    }),
    jobs,
    counts: { records: Number(c.records), cases: Number(c.cases), visits: Number(c.visits) },
  };
}
