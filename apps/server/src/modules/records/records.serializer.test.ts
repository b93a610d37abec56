import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  RECORD_PATHS,
  recordDetailSchema,
  recordPageSchema,
  recordSummarySchema,
  type RecordResults,
} from '@tcm/contract';
import type { z } from 'zod';
import { recordsTable } from '../../db/schema/index.js';
import { ok, okSchema } from '../../http/envelope.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { call } from '../../test/http.js';
import { realResults } from '../../test/real-results.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findRecord } from './records.repo.js';
import { newShareToken, recordDetail } from './records.service.js';

// The record list and detail answer through a serializer compiled from the contract's JSON schema
// (fast-json-stringify) instead of a zod parse per answer, and the list reads its rows by position
// from hand-written SQL (docs/server.md "List at 1 M records"). Same answers as before: the same
// JSON value (fast-json-stringify may write an optional property after the required ones, so the
// bytes can differ in key order only).

let t: TestApp;
let results: RecordResults;
let doctor: Awaited<ReturnType<typeof userWithToken>>;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  results = (await realResults()).results;
  doctor = await userWithToken(t, { entrance: 'doctor' });
  // Two done records with every engine's real outcome, one failed with nulls where a list row has them.
  const base = {
    source: 'doctor' as const,
    ownerUserId: doctor.user.id,
    files: { tongue: crypto.randomUUID(), face: crypto.randomUUID() },
    vitals: { heightCm: 163, weightKg: 60, systolic: 120, diastolic: 80 },
    inquiry: { answers: { A1: 3 } },
  };
  const rows = await t.database.db
    .insert(recordsTable)
    .values([
      {
        ...base,
        status: 'done',
        personName: 'Li',
        personSex: 'female',
        personAge: 41,
        personPhone: '13900000001',
        results,
        conclusion: 'Qi deficiency',
        finishedAt: new Date(),
        shareToken: newShareToken(),
      },
      {
        ...base,
        status: 'done',
        personName: 'Wang',
        personSex: 'male',
        personAge: 0,
        results,
        conclusion: null,
        finishedAt: new Date(),
        shareToken: newShareToken(),
      },
      {
        ...base,
        status: 'failed',
        failure: { code: 4001011, msg: 'x', engine: 'tongue' },
        files: {},
        shareToken: newShareToken(),
      },
    ])
    .returning({ id: recordsTable.id });
  ids.push(...rows.map((r) => r.id));
}, 120_000);
afterAll(async () => t.close());

/** What the app's default serializer (a zod parse, then JSON.stringify) writes for `data`, parsed back. */
const zodWrites = (schema: z.ZodType, data: unknown): unknown =>
  JSON.parse(serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' })(data));
const fastWrites = (schema: z.ZodType, data: unknown): string =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' })(data);

describe('record list and detail answers', () => {
  it('the detail route writes what the zod serializer writes for the same detail, real outcomes of every engine included', async () => {
    for (const id of ids) {
      const res = await t.app.inject({
        method: 'GET',
        url: RECORD_PATHS.detail(id),
        headers: { authorization: `Bearer ${doctor.token}` },
      });
      expect(res.statusCode).toBe(200);
      const detail = await recordDetail(t.app.ctx, (await findRecord(t.database.db, id))!, 'zh');
      expect(JSON.parse(res.body)).toStrictEqual(zodWrites(okSchema(recordDetailSchema), ok(detail)));
    }
  });

  it('drops every field the contract does not name, at the top, in a row and deep in an engine outcome, and drops no field it names', async () => {
    const detail = await recordDetail(t.app.ctx, (await findRecord(t.database.db, ids[0]!))!, 'zh');
    const leaky = structuredClone(detail) as unknown as Record<string, unknown> & {
      results: Record<string, Record<string, unknown>>;
    };
    leaky.passwordHash = 'leak';
    leaky.results.tongue!.internal = 'leak';
    (leaky.results.tongue!.result as Record<string, unknown>).debug = { leak: true };
    const written = fastWrites(okSchema(recordDetailSchema), ok(leaky));
    expect(written).not.toContain('leak');
    expect(JSON.parse(written)).toStrictEqual(zodWrites(okSchema(recordDetailSchema), ok(detail)));
    // Every key of the contract's detail is there (optional pulseWave aside: no pulse file here).
    const keys = Object.keys(recordDetailSchema.shape).filter((k) => k !== 'pulseWave');
    expect(Object.keys(JSON.parse(written).data).sort()).toEqual(keys.sort());
  });

  it('a list page is written as the zod serializer writes it, and each row holds what the detail says of the record', async () => {
    const res = await call(t.app, 'POST', RECORD_PATHS.list, doctor.token, {
      scope: 'memberRecord',
      page: 1,
      size: 100,
    });
    expect(res.status).toBe(200);
    const page = res.body.data as z.infer<typeof recordPageSchema>;
    expect(page.list.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(res.body).toStrictEqual(zodWrites(okSchema(recordPageSchema), res.body));
    // The row read by position equals the summary part of the detail (drizzle's mapping).
    for (const row of page.list) {
      const detail = await recordDetail(t.app.ctx, (await findRecord(t.database.db, row.id))!, 'zh');
      expect(row).toEqual(recordSummarySchema.parse(detail));
    }
    const leaky = { ...page, extra: 1, list: page.list.map((r) => ({ ...r, shareToken: 'leak' })) };
    const written = fastWrites(okSchema(recordPageSchema), ok(leaky));
    expect(written).not.toContain('leak');
    expect(JSON.parse(written)).toStrictEqual(zodWrites(okSchema(recordPageSchema), ok(page)));
  });
});
