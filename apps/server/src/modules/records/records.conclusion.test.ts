import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsFor } from '@tcm/analysis/constitution';
import {
  conclusionText,
  conclusionWords,
  constitutionWord,
  parseConstitutionConclusion,
  RECORD_EXPORT_PATHS,
  RECORD_PATHS,
  SYNTHESIS_PATTERN_IDS,
  type RecordSummary,
} from '@tcm/contract';
import { migrationsFolder } from '../../db/migrate.js';
import { recordsTable } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Issue 34 item 4: a record's conclusion was stored in the words of its capture language, so a
// record captured in English read "Damp-heat pattern" in the Chinese list and the Chinese Excel
// export. It is stored as an id now and worded in the reader's language wherever it is read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const ANSWERS = Object.fromEntries(questionsFor('female').map((q, i) => [q.id, (i % 5) + 1]));
const HAN = /\p{Script=Han}/u;

/** A questionnaire record made through the API and analyzed by the real worker, in `lang`. */
async function analyzed(token: string, lang: 'zh' | 'en', name: string) {
  const created = await call(t.app, 'POST', RECORD_PATHS.create, token, {
    person: { name, sex: 'female', age: 40 },
    inquiry: { answers: ANSWERS },
    lang,
  });
  expect(created.status).toBe(200);
  const id = created.body.data.recordId as string;
  await waitFor(
    () => call(t.app, 'GET', RECORD_PATHS.detail(id), token),
    (r) => r.status !== 200 || ['done', 'partial', 'failed'].includes(r.body.data.status),
    120000,
  );
  const [row] = await t.database.db.select().from(recordsTable).where(eq(recordsTable.id, id));
  expect(row!.status).toBe('done');
  return row!;
}

const listed = async (token: string, language: 'zh' | 'en', body: object = {}) => {
  const res = await call(t.app, 'POST', RECORD_PATHS.list, token, { scope: 'memberRecord', ...body }, { language });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list as RecordSummary[];
};

async function sheet(token: string, language: 'zh' | 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: RECORD_EXPORT_PATHS.xlsx,
    headers: { authorization: `Bearer ${token}`, language },
    payload: { scope: 'memberRecord' },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) =>
    rows.push(
      (r.values as unknown[]).slice(1).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
    ),
  );
  const col = rows[0]!.indexOf(language === 'zh' ? '结论' : 'Conclusion');
  expect(col).toBeGreaterThanOrEqual(0);
  return new Map(rows.slice(1).map((r) => [r[0]!, r[col]!]));
}

describe('conclusions are ids, worded in the reader’s language', () => {
  it('a record captured in English reads in Chinese in the zh list, the zh history and the zh Excel export, and the other way round', async () => {
    const team = await buildTeam(t.database.db);
    const me = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const en = await analyzed(me.token, 'en', 'Captured in English');
    const zh = await analyzed(me.token, 'zh', '中文采集');
    for (const r of [en, zh]) {
      // Stored as an id, never as words of the capture language.
      expect(r.conclusion).toMatch(/^(pattern|constitution):/);
      expect(conclusionWords(r.conclusion!)).not.toBeNull();
    }

    for (const language of ['zh', 'en'] as const) {
      const rows = await listed(me.token, language);
      for (const r of [en, zh]) {
        const shown = rows.find((x) => x.id === r.id)!.conclusion!;
        expect(shown).toBe(conclusionText(r.conclusion, language));
        expect(HAN.test(shown), `${language} list, record captured in ${r.lang}`).toBe(language === 'zh');
      }
      const history = await call(t.app, 'GET', RECORD_PATHS.history(en.id), me.token, undefined, { language });
      const conclusions = history.body.data.conclusions as { recordId: string; conclusion: string }[];
      expect(conclusions.map((c) => c.recordId)).toContain(en.id);
      for (const c of conclusions) {
        const r = [en, zh].find((x) => x.id === c.recordId)!;
        expect(c.conclusion).toBe(conclusionText(r.conclusion, language));
      }

      const cells = await sheet(me.token, language);
      for (const r of [en, zh]) {
        expect(cells.get(r.personName!)).toBe(conclusionText(r.conclusion, language));
        expect(HAN.test(cells.get(r.personName!)!), `${language} sheet, record captured in ${r.lang}`).toBe(
          language === 'zh',
        );
      }
    }
  });

  it('the search box and the combined query match the words the reader sees, not the id', async () => {
    const team = await buildTeam(t.database.db);
    const me = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const r = await analyzed(me.token, 'en', 'Searched');
    for (const language of ['zh', 'en'] as const) {
      // A pattern reads as its name; a constitution as the names of its types (no summary sentence).
      const c = parseConstitutionConclusion(r.conclusion!);
      const part = c
        ? constitutionWord(c.types[0] ?? c.tendencies[0] ?? 'A', language)
        : conclusionText(r.conclusion, language)!;
      const found = await listed(me.token, language, { search: part });
      expect(found.map((x) => x.id)).toEqual([r.id]);
      const queried = await listed(me.token, language, {
        query: {
          join: 'and',
          groups: [
            { conditions: [{ connector: 'and', name: 'conclusion', type: 'string', operator: 'LK', value: part }] },
          ],
        },
      });
      expect(queried.map((x) => x.id)).toEqual([r.id]);
    }
    // The id itself is no search term.
    expect(await listed(me.token, 'zh', { search: r.conclusion!.split(':')[0]! })).toEqual([]);
  });

  it('the migration turns saved words back into ids from the record’s own synthesis and keeps text it cannot place', async () => {
    const team = await buildTeam(t.database.db);
    const me = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const worded = await analyzed(me.token, 'en', 'Saved in words');
    const note = await analyzed(me.token, 'zh', 'Saved note');
    const id = worded.conclusion!;
    // As the worker saved them before the ids: the capture language's words; a doctor's note.
    await t.database.db
      .update(recordsTable)
      .set({ conclusion: conclusionWords(id)!.en.slice(0, 200) })
      .where(eq(recordsTable.id, worded.id));
    await t.database.db.update(recordsTable).set({ conclusion: 'Written by hand' }).where(eq(recordsTable.id, note.id));

    const file = readFileSync(join(migrationsFolder(), '0029_conclusion_ids.sql'), 'utf8');
    // The migration names every pattern id the contract words.
    for (const p of SYNTHESIS_PATTERN_IDS) expect(file).toContain(`'${p}'`);
    // Its updates on the suites' shared database, inside a transaction that is rolled back (the
    // trigger switches are left out: other suites write at the same time).
    const updates = file
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => !/^(--[^\n]*\n)*ALTER TABLE/.test(s));
    expect(updates).toHaveLength(2);
    const after = await t.database.db
      .transaction(async (tx) => {
        for (const s of updates) await tx.execute(sql.raw(s));
        const rows = await tx
          .select({ id: recordsTable.id, conclusion: recordsTable.conclusion })
          .from(recordsTable)
          .where(inArray(recordsTable.id, [worded.id, note.id]));
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((e: Error & { rows?: { id: string; conclusion: string | null }[] }) => {
        if (!e.rows) throw e;
        return new Map(e.rows.map((x) => [x.id, x.conclusion]));
      });
    expect(after.get(worded.id)).toBe(id);
    expect(after.get(note.id)).toBe('Written by hand');
    // Text that is no id reads as it was saved, in either language.
    const rows = await listed(me.token, 'en');
    expect(rows.find((x) => x.id === note.id)!.conclusion).toBe('Written by hand');
  });
});
