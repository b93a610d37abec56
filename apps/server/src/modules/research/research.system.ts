import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  CONSTITUTION_TYPE_OF_CODE,
  CONSTITUTION_TYPE_WORDS,
  constitutionCodeSchema,
  doneResults,
  PULSE_CLASS_CODES,
  PULSE_CLASS_WORDS,
  TONGUE_FEATURE_WORDS,
  TONGUE_FEATURES,
  TONGUE_LABEL_WORDS,
  VOICE_READING_WORDS,
  type PoolVariable,
  type RecordResults,
  type SampleValue,
  RESULT_STATUSES,
  type ImportResult,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { archiveCases, archiveVisits, recordsTable } from '../../db/schema/index.js';

type Words = { zh: string; en: string };
type Values = Record<string, SampleValue>;

/** The levels of a vocabulary group, in its order, with their words. */
const levelsOf = (words: Readonly<Record<string, Words>>) => ({
  levels: Object.keys(words),
  levelWords: Object.fromEntries(Object.entries(words).map(([k, w]) => [k, { zh: w.zh, en: w.en }])),
});

/**
 * The variables a system import fills: every engine result as findings and measures, the
 * platform's leading syndrome pattern and (from case-archive visits) the doctor's own diagnosis.
 * Words come from the contract's vocabulary, so screens never show a raw id.
 */
export const SYSTEM_VARIABLES: PoolVariable[] = [
  ...TONGUE_FEATURES.map((f): PoolVariable => ({
    key: `tongue.${f}`,
    type: 'categorical',
    kind: 'finding',
    label: { ...TONGUE_FEATURE_WORDS[f] },
    ...levelsOf(TONGUE_LABEL_WORDS[f]),
  })),
  ...PULSE_CLASS_CODES.map((c): PoolVariable => ({
    key: `pulse.class.${c}`,
    type: 'binary',
    kind: 'finding',
    label: { zh: `脉象：${PULSE_CLASS_WORDS[c].zh}`, en: `Pulse: ${PULSE_CLASS_WORDS[c].en}` },
  })),
  { key: 'pulse.rateBpm', type: 'numeric', kind: 'vital', label: { zh: '脉率（次/分）', en: 'Pulse rate (bpm)' } },
  {
    key: 'voice.reading',
    type: 'categorical',
    kind: 'finding',
    label: { zh: '声音', en: 'Voice' },
    ...levelsOf(VOICE_READING_WORDS),
  },
  ...constitutionCodeSchema.options.map((code): PoolVariable => {
    const w = CONSTITUTION_TYPE_WORDS[CONSTITUTION_TYPE_OF_CODE[code]];
    return {
      key: `constitution.${CONSTITUTION_TYPE_OF_CODE[code]}`,
      type: 'numeric',
      kind: 'constitution',
      label: { zh: `${w.zh}转化分`, en: `${w.en} score` },
    };
  }),
  {
    key: 'synthesis.pattern',
    type: 'categorical',
    kind: 'syndrome',
    label: { zh: '平台辨证（首位证型）', en: 'Platform pattern (leading)' },
    levels: [],
    levelWords: {},
  },
  {
    key: 'syndrome',
    type: 'categorical',
    kind: 'syndrome',
    label: { zh: '医生辨证', en: "Doctor's syndrome diagnosis" },
    levels: [],
  },
  {
    key: 'sex',
    type: 'categorical',
    kind: 'demographic',
    label: { zh: '性别', en: 'Sex' },
    ...levelsOf({ female: { zh: '女', en: 'Female' }, male: { zh: '男', en: 'Male' } }),
  },
  { key: 'age', type: 'numeric', kind: 'demographic', label: { zh: '年龄', en: 'Age' } },
];

/** A record's engine results as variable values (only what the record has; the rest is missing). */
export function valuesOfResults(results: RecordResults, patternWords: Map<string, Words>): Values {
  const done = doneResults(results);
  const out: Values = {};
  if (done.tongue) for (const f of TONGUE_FEATURES) out[`tongue.${f}`] = done.tongue.features[f].label;
  if (done.pulse) {
    const codes = new Set(done.pulse.classes.map((c) => c.code));
    for (const c of PULSE_CLASS_CODES) out[`pulse.class.${c}`] = codes.has(c);
    out['pulse.rateBpm'] = done.pulse.rateBpm;
  }
  const reading = done.voice?.readings[0];
  if (reading) out['voice.reading'] = reading.code;
  if (done.constitution)
    for (const s of done.constitution.scales)
      out[`constitution.${CONSTITUTION_TYPE_OF_CODE[s.code]}`] = Math.round(s.transformed * 100) / 100;
  const top = done.synthesis?.patterns[0];
  if (top) {
    out['synthesis.pattern'] = top.id;
    patternWords.set(top.id, { zh: top.name.zh, en: top.name.en });
  }
  return out;
}

/** Imported platform records and, per failed part, how many lack it (issue 32). */
export type ImportMissing = NonNullable<ImportResult['missing']>;

export interface SystemSample {
  source: 'record' | 'visit';
  sourceId: string;
  values: Values;
}

const ageAt = (birth: string, day: string) => {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

/**
 * The doctor's own finished platform records and the visits of their own (not deleted) cases as
 * samples. A visit takes the engine results of its first finished linked record, its case's sex
 * and age at the visit, and the doctor's syndrome diagnosis; the leading platform pattern's words
 * are collected into `patternWords`.
 */
export async function systemSamples(
  db: Db,
  ownerUserId: string,
  sources: ReadonlyArray<'records' | 'visits'>,
  skip: { record: Set<string>; visit: Set<string> },
): Promise<{ samples: SystemSample[]; patternWords: Map<string, Words>; missing: ImportMissing }> {
  const patternWords = new Map<string, Words>();
  const samples: SystemSample[] = [];
  const missing: ImportMissing = { records: 0, parts: [] };
  if (sources.includes('records')) {
    const rows = await db
      .select({
        id: recordsTable.id,
        results: recordsTable.results,
        sex: recordsTable.personSex,
        age: recordsTable.personAge,
        missing: recordsTable.missing,
      })
      .from(recordsTable)
      .where(and(eq(recordsTable.ownerUserId, ownerUserId), inArray(recordsTable.status, [...RESULT_STATUSES])))
      .orderBy(recordsTable.createdAt);
    for (const r of rows) {
      if (skip.record.has(r.id)) continue;
      const values = valuesOfResults(r.results, patternWords);
      if (r.sex) values.sex = r.sex;
      if (r.age !== null) values.age = r.age;
      samples.push({ source: 'record', sourceId: r.id, values });
      missing.records++;
      for (const m of r.missing) {
        const part = missing.parts.find((p) => p.engine === m.engine);
        if (part) part.count++;
        else missing.parts.push({ engine: m.engine, count: 1 });
      }
    }
  }
  if (sources.includes('visits')) {
    const visits = await db
      .select({
        id: archiveVisits.id,
        recordIds: archiveVisits.recordIds,
        syndrome: archiveVisits.tcmSyndrome,
        day: archiveVisits.visitDate,
        sex: archiveCases.sex,
        birth: archiveCases.birthDate,
      })
      .from(archiveVisits)
      .innerJoin(archiveCases, eq(archiveCases.id, archiveVisits.caseId))
      .where(and(eq(archiveCases.ownerUserId, ownerUserId), isNull(archiveCases.deletedAt)))
      .orderBy(archiveVisits.createdAt);
    const linked = [...new Set(visits.flatMap((v) => v.recordIds))];
    const records = linked.length
      ? await db
          .select({ id: recordsTable.id, results: recordsTable.results })
          .from(recordsTable)
          .where(and(inArray(recordsTable.id, linked), inArray(recordsTable.status, [...RESULT_STATUSES])))
      : [];
    const resultsOf = new Map(records.map((r) => [r.id, r.results]));
    for (const v of visits) {
      if (skip.visit.has(v.id)) continue;
      const rid = v.recordIds.find((id) => resultsOf.has(id));
      const values = rid ? valuesOfResults(resultsOf.get(rid)!, patternWords) : {};
      values.sex = v.sex;
      values.age = ageAt(v.birth, v.day);
      if (v.syndrome.trim()) values.syndrome = v.syndrome.trim().slice(0, 100);
      samples.push({ source: 'visit', sourceId: v.id, values });
    }
  }
  return { samples, patternWords, missing };
}
