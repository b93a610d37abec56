import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RESEARCH_PATHS, recordResultsSchema, type RecordResults } from '@tcm/contract';
import { call } from '../../test/http.js';
import { multipart } from '../../test/records-helpers.js';
import type { TestApp } from '../../test/test-app.js';
import { insertRecord } from '../records/records.repo.js';
import { newShareToken } from '../records/records.service.js';

/**
 * The `results` of a done record as the analysis pipeline stored them on real inputs (the web's
 * fixture, made by scripts/web-result-fixture.ts): real engine output, not a hand-made shape.
 */
const FIXTURE = fileURLToPath(new URL('../../../../web/src/record/fixtures/done-record-results.json', import.meta.url));
export const doneResults = (): RecordResults => recordResultsSchema.parse(JSON.parse(readFileSync(FIXTURE, 'utf8')));

/** A done platform record of the doctor whose tongue body color and leading pattern are set. */
export async function recordWith(t: TestApp, ownerUserId: string, bodyColor: 'pale' | 'red', pattern: string) {
  const results = doneResults();
  if (results.tongue?.status === 'done') results.tongue.result.features.bodyColor.label = bodyColor;
  if (results.synthesis?.status === 'done') results.synthesis.result.patterns[0]!.id = pattern;
  return insertRecord(t.database.db, {
    source: 'doctor',
    status: 'done',
    ownerUserId,
    personSex: 'female',
    personAge: 40,
    shareToken: newShareToken(),
    results,
  });
}

export async function newPool(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<string> {
  const r = await call(t.app, 'POST', RESEARCH_PATHS.addPool, token, { name: 'Pool', ...body });
  if (r.status !== 200) throw new Error(`add pool: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as string;
}

/** Uploads a file (multipart `file` plus text fields) as the doctor. */
export async function upload(
  t: TestApp,
  url: string,
  token: string | undefined,
  file: { name: string; bytes: Uint8Array | string },
  fields: Record<string, string> = {},
) {
  const m = multipart([
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
    { field: 'file', filename: file.name, contentType: 'text/csv', value: file.bytes },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: any }>() };
}

export const CSV = [
  'patient,thirst,tongue color,pulse rate,syndrome',
  'p1,1,red,88,湿热',
  'p2,0,pale,62,气虚',
  'p3,是,red,90,湿热',
  'p4,否,pale,,气虚',
].join('\n');

export const MAPPING = [
  { column: 'thirst', key: 'thirst', type: 'binary', kind: 'finding', label: { zh: '口渴', en: 'Thirst' } },
  { column: 'tongue color', key: 'tongueColor', type: 'categorical', kind: 'finding' },
  { column: 'pulse rate', key: 'pulseRate', type: 'numeric', kind: 'vital' },
  { column: 'syndrome', key: 'syndrome', type: 'categorical', kind: 'syndrome' },
];
