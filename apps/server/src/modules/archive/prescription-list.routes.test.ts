import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_PATHS, INQUIRY_PATHS, QUERY_ERRORS, type PrescriptionRow } from '@tcm/contract';
import { call, refusedFields } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { doctorWithToken, FIRST_VISIT, newCase } from './archive.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function visit(token: string, caseId: string, extra: Record<string, unknown> = {}) {
  const r = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), token, { ...FIRST_VISIT, ...extra });
  expect(r.status).toBe(200);
  return r.body.data.id as string;
}

const list = async (token: string, body: Record<string, unknown> = {}) => {
  const r = await call(t.app, 'POST', INQUIRY_PATHS.prescriptions, token, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { list: PrescriptionRow[]; total: number };
};

describe('prescription list across cases', () => {
  it("lists the prescriptions of own and shared live cases only, newest visit first, never another doctor's", async () => {
    const a = await doctorWithToken(t, 'Dr A');
    const b = await doctorWithToken(t, 'Dr B');
    const c1 = await newCase(t, a.token, { name: '李一' });
    const c2 = await newCase(t, a.token, { name: '王二' });
    const v1 = await visit(a.token, c1, { visitDate: '2026-11-01' });
    const v2 = await visit(a.token, c2, {
      visitDate: '2026-11-10',
      prescription: {
        name: '四逆汤',
        herbs: [
          { name: '附子', dose: 9 },
          { name: '干姜', dose: 6 },
        ],
        doses: 3,
      },
    });
    await visit(a.token, c2, { visitDate: '2026-11-12', prescription: null });
    const bCase = await newCase(t, b.token, { name: '赵三' });
    await visit(b.token, bCase);

    const mine = await list(a.token);
    expect(mine.list.map((r) => r.visitId)).toEqual([v2, v1]);
    expect(mine.list[0]).toMatchObject({ caseId: c2, patientName: '王二', visitNumber: 1, doctorName: 'Dr A' });
    expect((await list(b.token)).list.map((r) => r.patientName)).toEqual(['赵三']);

    // Search reaches the herb names inside the prescription; the combined query the columns.
    expect((await list(a.token, { search: '干姜' })).list.map((r) => r.visitId)).toEqual([v2]);
    const q = {
      join: 'and',
      groups: [
        { conditions: [{ connector: 'and', name: 'patientName', type: 'string', operator: 'EQ', value: '李一' }] },
      ],
    };
    expect((await list(a.token, { query: q })).list.map((r) => r.visitId)).toEqual([v1]);

    // Shared through a group: B sees A's case's prescription; a deleted case drops out.
    const g = await call(t.app, 'POST', ARCHIVE_PATHS.addGroup, a.token, { name: 'g', shareWith: [b.user.loginName] });
    await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, a.token, { ids: [c1], groupId: g.body.data.id });
    expect((await list(b.token)).list.map((r) => r.patientName).sort()).toEqual(['李一', '赵三']);
    await call(t.app, 'POST', ARCHIVE_PATHS.remove, a.token, { ids: [c1] });
    expect((await list(a.token)).list.map((r) => r.visitId)).toEqual([v2]);
  });

  it('400 for a bad page size or a field outside the whitelist', async () => {
    const a = await doctorWithToken(t);
    const size = await call(t.app, 'POST', INQUIRY_PATHS.prescriptions, a.token, { size: 10 });
    expect([size.status, refusedFields(size.body)]).toEqual([400, expect.stringMatching(/size/)]);
    const q = {
      join: 'and',
      groups: [{ conditions: [{ connector: 'and', name: 'phone', type: 'string', operator: 'EQ', value: '1' }] }],
    };
    const field = await call(t.app, 'POST', INQUIRY_PATHS.prescriptions, a.token, { query: q });
    expect([field.status, field.body.code]).toEqual([400, QUERY_ERRORS.FIELD_NOT_ALLOWED.code]);
  });
});
