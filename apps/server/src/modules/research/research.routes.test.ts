import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_PATHS, AUTH_ERRORS, RESEARCH_ERRORS, RESEARCH_PATHS as P, SPEC_ERRORS } from '@tcm/contract';
import { call, refusedFields } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { doctorWithToken, FIRST_VISIT, newCase } from '../archive/archive.test-helpers.js';
import { CSV, MAPPING, newPool, recordWith, upload } from './research.test-helpers.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

type Method = 'GET' | 'POST';
const ID = randomUUID();
/** Every JSON route of the area with a body that passes validation (ids filled in per test). */
const routes = (poolId: string, sampleId: string, jobId: string): Array<[Method, string, unknown?]> => [
  ['GET', P.home],
  ['POST', P.pools, {}],
  ['POST', P.addPool, { name: 'x' }],
  ['GET', P.pool(poolId)],
  ['POST', P.updatePool(poolId), { name: 'y' }],
  ['POST', P.removePools, { ids: [poolId] }],
  ['POST', P.samples(poolId), {}],
  ['POST', P.updateSample(poolId, sampleId), { values: {} }],
  ['POST', P.removeSamples(poolId), { ids: [sampleId] }],
  ['POST', P.importSystem(poolId), {}],
  ['POST', P.startJob(poolId), { kind: 'frequency' }],
  ['POST', P.jobs, {}],
  ['GET', P.job(jobId)],
  ['POST', P.predict(jobId), { records: [{}] }],
  ['POST', P.exportXlsx, { name: 't', columns: ['a'], rows: [] }],
];
const uploads = (poolId: string, jobId: string) => [
  P.importPreview(poolId),
  P.importFile(poolId),
  P.predictFile(jobId),
];

describe('research: guard', () => {
  it('401 without a token on every route, even with a malformed body', async () => {
    for (const [m, url] of routes(ID, ID, ID)) {
      const r = await call(t.app, m, url, undefined, m === 'POST' ? { junk: 1 } : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
    }
    for (const url of uploads(ID, ID)) {
      const r = await upload(t, url, undefined, { name: 'a.csv', bytes: CSV });
      expect([url, r.status]).toEqual([url, 401]);
    }
  });

  it("403 for a member's token on every route, before the body is read", async () => {
    const { token } = await userWithToken(t, { entrance: 'member' });
    for (const [m, url] of routes(ID, ID, ID)) {
      const r = await call(t.app, m, url, token, m === 'POST' ? { junk: 1 } : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('403 for a doctor without the toolbar button codes (enforced by the server, not only hidden)', async () => {
    const { token } = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const buttoned: Array<[string, unknown]> = [
      [P.addPool, { name: 'x' }],
      [P.updatePool(ID), { name: 'y' }],
      [P.removePools, { ids: [ID] }],
      [P.updateSample(ID, ID), { values: {} }],
      [P.removeSamples(ID), { ids: [ID] }],
      [P.importSystem(ID), {}],
    ];
    for (const [url, body] of buttoned) {
      const r = await call(t.app, 'POST', url, token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 403, AUTH_ERRORS.FORBIDDEN.code]);
    }
    const r = await upload(t, P.importFile(ID), token, { name: 'a.csv', bytes: CSV }, { mapping: '[]' });
    expect(r.status).toBe(403);
    expect(r.body.data.missingButtons).toEqual(['dataPoolItem-import']);
  });

  it("403 on every pool, sample and job route for another doctor's pool, and nothing changes", async () => {
    const a = await doctorWithToken(t, 'Dr A');
    const b = await doctorWithToken(t, 'Dr B');
    const poolId = await newPool(t, a.token, { name: 'A pool' });
    const imp = await upload(
      t,
      P.importFile(poolId),
      a.token,
      { name: 'a.csv', bytes: CSV },
      { mapping: JSON.stringify(MAPPING) },
    );
    expect(imp.status).toBe(200);
    const sampleId = (await call(t.app, 'POST', P.samples(poolId), a.token, {})).body.data.list[0].id as string;
    for (const [m, url, body] of routes(poolId, sampleId, ID).filter(([, u]) => u.includes(poolId))) {
      const r = await call(t.app, m, url, b.token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 403, RESEARCH_ERRORS.POOL_FORBIDDEN.code]);
    }
    for (const url of [P.importPreview(poolId), P.importFile(poolId)]) {
      const r = await upload(t, url, b.token, { name: 'a.csv', bytes: CSV }, { mapping: JSON.stringify(MAPPING) });
      expect([url, r.status, r.body.code]).toEqual([url, 403, RESEARCH_ERRORS.POOL_FORBIDDEN.code]);
    }
    const jobs = await call(t.app, 'POST', P.jobs, b.token, { poolId });
    expect([jobs.status, jobs.body.code]).toEqual([403, RESEARCH_ERRORS.POOL_FORBIDDEN.code]);
    const mixed = await call(t.app, 'POST', P.removePools, a.token, { ids: [poolId, await newPool(t, b.token)] });
    expect(mixed.status).toBe(403);
    const after = await call(t.app, 'GET', P.pool(poolId), a.token);
    expect([after.body.data.name, after.body.data.sampleCount]).toEqual(['A pool', 4]);
    // A sample id of another pool is refused in this one.
    const own = await newPool(t, b.token);
    const r = await call(t.app, 'POST', P.removeSamples(own), b.token, { ids: [sampleId] });
    expect([r.status, r.body.code]).toEqual([403, RESEARCH_ERRORS.SAMPLE_FORBIDDEN.code]);
  });

  it('400 on a bad body, naming the field, in the reader language', async () => {
    const a = await doctorWithToken(t, 'Dr C');
    const poolId = await newPool(t, a.token, {
      variables: [{ key: 'x', type: 'numeric', kind: 'vital', label: { zh: 'x', en: 'x' } }],
    });
    const bad: Array<[string, unknown, RegExp]> = [
      [P.addPool, { name: '' }, /name/],
      [
        P.addPool,
        { name: 'p', variables: [{ key: '1bad', type: 'numeric', kind: 'vital', label: { zh: 'a', en: 'a' } }] },
        /key/,
      ],
      [P.pools, { size: 50 }, /size/],
      [P.removePools, { ids: ['nope'] }, /ids/],
      [
        P.samples(poolId),
        {
          query: {
            join: 'and',
            groups: [{ conditions: [{ connector: 'and', name: 'nope', type: 'string', operator: 'EQ', value: 'a' }] }],
          },
        },
        /nope/,
      ],
      [P.startJob(poolId), { kind: 'clustering', variables: [], k: 3 }, /variables/],
      [P.startJob(poolId), { kind: 'classification', target: 'x', features: ['x'] }, /target/],
      [P.startJob(poolId), { kind: 'frequency', variables: ['missing'] }, /missing/],
      [P.importSystem(poolId), { sources: ['photos'] }, /sources/],
      [P.exportXlsx, { name: 't', columns: [], rows: [] }, /columns/],
    ];
    for (const [url, body, field] of bad) {
      const r = await call(t.app, 'POST', url, a.token, body, { 'accept-language': 'en' });
      expect([url, r.status]).toEqual([url, 400]);
      // A schema refusal names the field in data.fields; the pool's own checks name the variable.
      expect(refusedFields(r.body) || r.body.msg, url).toMatch(field);
    }
    const m = await upload(t, P.importFile(poolId), a.token, { name: 'a.csv', bytes: CSV }, { mapping: '{' });
    expect([m.status, m.body.msg]).toEqual([400, expect.stringMatching(/mapping/)]);
    const pic = await upload(t, P.importPreview(poolId), a.token, { name: 'a.xlsx', bytes: new Uint8Array([1, 2, 3]) });
    expect([pic.status, pic.body.code]).toEqual([400, RESEARCH_ERRORS.FILE_UNREADABLE.code]);
  });
});

describe('research: pools and samples', () => {
  it('creates, lists, renames and deletes pools; the list holds only own pools', async () => {
    const a = await doctorWithToken(t, 'Dr D');
    const b = await doctorWithToken(t, 'Dr E');
    const id = await newPool(t, a.token, { name: '脾胃病研究' });
    await newPool(t, b.token, { name: 'other' });
    const list = await call(t.app, 'POST', P.pools, a.token, { search: '脾胃' });
    expect(list.body.data.list.map((p: { name: string }) => p.name)).toEqual(['脾胃病研究']);
    const up = await call(t.app, 'POST', P.updatePool(id), a.token, { name: '脾胃病', remark: 'r' });
    expect([up.body.data.name, up.body.data.remark]).toEqual(['脾胃病', 'r']);
    const del = await call(t.app, 'POST', P.removePools, a.token, { ids: [id] });
    expect(del.status).toBe(200);
    expect((await call(t.app, 'GET', P.pool(id), a.token)).status).toBe(403);
  });

  it('a CSV import with bad rows reports each row and column and imports nothing', async () => {
    const a = await doctorWithToken(t, 'Dr F');
    const poolId = await newPool(t, a.token);
    const bad = `${CSV}\np5,maybe,red,fast,湿热\np6,1,red,70,湿热`;
    const r = await upload(
      t,
      P.importFile(poolId),
      a.token,
      { name: 'bad.csv', bytes: bad },
      { mapping: JSON.stringify(MAPPING) },
    );
    expect([r.status, r.body.code]).toEqual([400, RESEARCH_ERRORS.IMPORT_INVALID.code]);
    expect(
      r.body.data.errors.map((e: { row: number; column: string; value: string }) => [e.row, e.column, e.value]),
    ).toEqual([
      [6, 'thirst', 'maybe'],
      [6, 'pulse rate', 'fast'],
    ]);
    expect(r.body.data.errors[0].zh).toMatch(/是\/否/);
    const pool = await call(t.app, 'GET', P.pool(poolId), a.token);
    expect([pool.body.data.sampleCount, pool.body.data.variables]).toEqual([0, []]);
    // A mapped column the file lacks is reported on the header row.
    const miss = await upload(
      t,
      P.importFile(poolId),
      a.token,
      { name: 'a.csv', bytes: CSV },
      {
        mapping: JSON.stringify([{ column: 'pulse', key: 'pulse', type: 'numeric' }]),
      },
    );
    expect(miss.body.data.errors).toEqual([expect.objectContaining({ row: 1, column: 'pulse' })]);
  });

  it('imports CSV and Excel with a mapping, then queries, edits and deletes samples', async () => {
    const a = await doctorWithToken(t, 'Dr G');
    const poolId = await newPool(t, a.token);
    const preview = await upload(t, P.importPreview(poolId), a.token, { name: 'a.csv', bytes: CSV });
    expect(preview.body.data).toEqual({
      columns: ['patient', 'thirst', 'tongue color', 'pulse rate', 'syndrome'],
      rows: expect.any(Array),
      total: 4,
    });
    const csv = await upload(
      t,
      P.importFile(poolId),
      a.token,
      { name: 'a.csv', bytes: CSV },
      { mapping: JSON.stringify(MAPPING) },
    );
    expect(csv.body.data?.imported, JSON.stringify(csv.body)).toBe(4);
    const vars = csv.body.data.pool.variables;
    expect(vars.map((v: { key: string; type: string }) => [v.key, v.type])).toEqual([
      ['thirst', 'binary'],
      ['tongueColor', 'categorical'],
      ['pulseRate', 'numeric'],
      ['syndrome', 'categorical'],
    ]);
    expect(vars[3].levels).toEqual(['湿热', '气虚']);
    // The same rows from an Excel workbook, into the dictionary made by the CSV.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    for (const line of CSV.split('\n')) ws.addRow(line.split(',').map((c) => (/^\d+$/.test(c) ? Number(c) : c)));
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    const x = await upload(
      t,
      P.importFile(poolId),
      a.token,
      { name: 'a.xlsx', bytes: xlsx },
      {
        mapping: JSON.stringify(MAPPING.map(({ column, key }) => ({ column, key }))),
      },
    );
    expect([x.status, x.body.data.imported, x.body.data.pool.sampleCount]).toEqual([200, 4, 8]);

    const q = (name: string, type: string, operator: string, value: string | number) => ({
      query: { join: 'and', groups: [{ conditions: [{ connector: 'and', name, type, operator, value }] }] },
    });
    const hot = await call(t.app, 'POST', P.samples(poolId), a.token, q('pulseRate', 'double', 'GE', 85));
    expect(hot.body.data.total).toBe(4);
    const damp = await call(t.app, 'POST', P.samples(poolId), a.token, q('syndrome', 'string', 'EQ', '湿热'));
    expect(damp.body.data.list.every((s: { values: { thirst: boolean } }) => s.values.thirst)).toBe(true);

    const one = damp.body.data.list[0];
    const edit = await call(t.app, 'POST', P.updateSample(poolId, one.id), a.token, {
      values: { pulseRate: 100, thirst: null },
    });
    expect(edit.body.data.values).toEqual({ tongueColor: 'red', pulseRate: 100, syndrome: '湿热' });
    const wrong = await call(t.app, 'POST', P.updateSample(poolId, one.id), a.token, { values: { pulseRate: 'fast' } });
    expect([wrong.status, wrong.body.code]).toEqual([400, RESEARCH_ERRORS.VALUE_INVALID.code]);
    const unknown = await call(t.app, 'POST', P.updateSample(poolId, one.id), a.token, { values: { nope: 1 } });
    expect([unknown.status, unknown.body.code]).toEqual([400, RESEARCH_ERRORS.VARIABLE_UNKNOWN.code]);
    // A variable holding values cannot leave the dictionary.
    const drop = await call(t.app, 'POST', P.updatePool(poolId), a.token, { variables: vars.slice(0, 3) });
    expect([drop.status, drop.body.code]).toEqual([409, RESEARCH_ERRORS.DICTIONARY_CONFLICT.code]);

    const ids = damp.body.data.list.map((s: { id: string }) => s.id);
    const del = await call(t.app, 'POST', P.removeSamples(poolId), a.token, { ids });
    expect(del.body.data.deleted).toBe(4);
    expect((await call(t.app, 'GET', P.pool(poolId), a.token)).body.data.sampleCount).toBe(4);
  });

  it("system import: the doctor's own records and visits become worded variables; a second run skips them", async () => {
    const a = await doctorWithToken(t, 'Dr H');
    const b = await doctorWithToken(t, 'Dr I');
    const r1 = await recordWith(t, a.user.id, 'red', 'damp_heat');
    await recordWith(t, a.user.id, 'pale', 'qi_deficiency');
    await recordWith(t, b.user.id, 'red', 'damp_heat');
    const caseId = await newCase(t, a.token);
    const v = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, {
      ...FIRST_VISIT,
      recordIds: [r1.id],
    });
    expect(v.status).toBe(200);
    const poolId = await newPool(t, a.token);
    const r = await call(t.app, 'POST', P.importSystem(poolId), a.token, {});
    expect([r.status, r.body.data.imported]).toEqual([200, 3]);
    const vars = r.body.data.pool.variables as Array<{
      key: string;
      levels?: string[];
      levelWords?: Record<string, { zh: string }>;
      label: { zh: string };
    }>;
    const byKey = new Map(vars.map((x) => [x.key, x]));
    expect(byKey.get('tongue.bodyColor')!.levelWords!.red!.zh).toBe('红');
    expect(byKey.get('tongue.bodyColor')!.label.zh).toBe('舌色');
    expect(byKey.get('synthesis.pattern')!.levels).toEqual(['damp_heat', 'qi_deficiency']);
    expect(byKey.get('syndrome')!.levels).toEqual(['肝胃不和证']);
    const samples = (await call(t.app, 'POST', P.samples(poolId), a.token, {})).body.data.list as Array<{
      source: string;
      values: Record<string, unknown>;
    }>;
    const visit = samples.find((s) => s.source === 'visit')!;
    expect(visit.values).toMatchObject({
      'tongue.bodyColor': 'red',
      'pulse.class.rapid': true,
      'pulse.class.slow': false,
      syndrome: '肝胃不和证',
      sex: 'female',
      age: 46,
    });
    expect(typeof visit.values['constitution.balanced']).toBe('number');
    expect(
      samples
        .filter((s) => s.source === 'record')
        .map((s) => s.values['tongue.bodyColor'])
        .sort(),
    ).toEqual(['pale', 'red']);
    const again = await call(t.app, 'POST', P.importSystem(poolId), a.token, {});
    expect([again.body.data.imported, again.body.data.pool.sampleCount]).toEqual([0, 3]);
    const home = await call(t.app, 'GET', P.home, a.token);
    expect(home.body.data.counts).toEqual({ records: 2, cases: 1, visits: 1 });
    expect(home.body.data.pools[0]).toMatchObject({ id: poolId, sampleCount: 3 });
  });
});

describe('research: table export', () => {
  it('writes the table a screen shows as an Excel workbook', async () => {
    const a = await doctorWithToken(t, 'Dr L');
    const res = await t.app.inject({
      method: 'POST',
      url: P.exportXlsx,
      headers: { authorization: `Bearer ${a.token}` },
      payload: {
        name: '频数/统计',
        columns: ['变量', '例数', '%'],
        rows: [
          ['口渴', 100, 50],
          ['舌红', 80, null],
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('频数 统计');
    expect(ws.getRow(1).values).toEqual([undefined, '变量', '例数', '%']);
    expect(ws.getRow(2).values).toEqual([undefined, '口渴', 100, 50]);
    expect(ws.rowCount).toBe(3);
  });
});
