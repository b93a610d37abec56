import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { menus, users } from '../db/schema/index.js';
import { verifyPassword } from '../modules/auth/password.js';
import { seedIfEmpty, seedLines } from './seed.js';

/**
 * The first start of an empty database without SEED_PASSWORD, on its own in-memory PGlite (the
 * suite's shared database is already seeded): passwords generated once, kept, printed again.
 */
let database: Database;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tcm-seed-fresh-'));
  database = await openDatabase({ inMemory: true });
  await runMigrations(database.db);
}, 120000);
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const NAMES = ['admin', 'leader', 'member', 'outsider', 'doctor', 'display', 'disease', 'training'];

/** Member and doctor routes of spec §2 with their "hidden"/"not in sidebar" marks, from the spec text. */
const SPEC_AREA_ROUTES: Array<[path: string, hidden: boolean]> = [
  ['/member/config/home', false],
  ['/member/config/playApply', true],
  ['/member/config/teamRecord', false],
  ['/member/config/deviceRecord', false],
  ['/member/config/memberRecord', false],
  ['/member/config/bandWeChatSuccess/:idCode', true],
  ['/member/config/bind-wechat/result', true],
  ['/member/config/resultConfig', false],
  ['/member/config/display', false],
  ['/doctor/home', false],
  ['/doctor/analysis/pool/index', false],
  ['/doctor/analysis/pool/itemIndex/:id', true],
  ['/doctor/analysis/statistics/frequency/index', false],
  ['/doctor/analysis/syndromes/relate-syndromes-diagnosis/index', false],
  ['/doctor/analysis/syndromes/cluster-syndromes/index', false],
  ['/doctor/analysis/syndromes/classify-syndromes/index', false],
  ['/doctor/analysis/syndromes/classify-syndromes/classify-result/:taskId', true],
  ['/doctor/archive/index', false],
  ['/doctor/archive/review/:id', true],
  ['/doctor/archive/add', true],
  ['/doctor/archive/editRecord/:archiveId/:recordId', true],
  ['/doctor/archive/addRecord/:archiveId/:recordId', true],
  ['/doctor/archive/showMedicalRecordPdf/:recordId', true],
  ['/doctor/archive/patientInquiry/index', false],
  ['/doctor/archive/patientInquiry/show/:id', true],
  ['/doctor/archive/inquiryTemp/index', false],
  ['/doctor/archive/inquiryTemp/show', true],
  ['/doctor/archive/inquiryTemp/edit', true],
  ['/doctor/archive/prescriptions/index', false],
];

/** Button codes of spec §6. */
const SPEC_BUTTONS = [
  'dataPool-add',
  'dataPool-edit',
  'dataPool-batch-delete',
  'dataPoolItem-import',
  'dataPoolItem-edit',
  'dataPoolItem-batch-delete',
  'dataPoolItem-system',
  'doctorArchiveManage-group',
  'doctorArchiveManage-add',
  'doctorArchiveManage-batch-delete',
];

describe('first start without SEED_PASSWORD', () => {
  it('refuses a weak SEED_PASSWORD before creating anything, naming the rule', async () => {
    const weak = async (password: string) =>
      seedIfEmpty(database.db, loadConfig({ DATA_DIR: dataDir, SEED_PASSWORD: password })).then(
        () => 'seeded',
        (e: Error) => e.message,
      );
    expect(await weak('12345678')).toMatch(/SEED_PASSWORD is refused .*too common/);
    // Long enough for the config schema, but the admin's login name is inside it.
    expect(await weak('admin-2026-start')).toMatch(/"admin".*must not contain the login name/);
    expect(await weak('zzzzzzzzzzzz')).toMatch(/single character/);
    const [n] = await database.db.select({ n: count() }).from(users);
    expect(n!.n).toBe(0);
  });

  it('prints the generated passwords on the first start only; later starts say where they are', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await seedIfEmpty(database.db, config);
    expect(first.created).toBe(true);
    expect(first.accounts.map((a) => a.loginName)).toEqual(NAMES);
    const passwords = first.accounts.map((a) => a.password ?? '');
    expect(new Set(passwords).size).toBe(NAMES.length);
    for (const p of passwords) expect(p.length).toBeGreaterThanOrEqual(12);
    const firstLines = seedLines(first).join('\n');
    for (const p of passwords) expect(firstLines).toContain(p);

    const file = join(dataDir, 'seed-accounts.json');
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(
      Object.fromEntries(first.accounts.map((a) => [a.loginName, a.password])),
    );
    const [admin] = await database.db.select().from(users).where(eq(users.loginName, 'admin'));
    expect(await verifyPassword(admin!.passwordHash, passwords[0]!)).toBe(true);

    // Every later start: no password in what it returns or prints, only where the file is.
    const again = await seedIfEmpty(database.db, config);
    expect(again).toMatchObject({ created: false, accounts: [] });
    const againLines = seedLines(again).join('\n');
    expect(againLines).toContain(file);
    for (const p of passwords) expect(againLines).not.toContain(p);
    // Another data folder knows no passwords: nothing to print, nothing overwritten.
    const elsewhere = await seedIfEmpty(database.db, loadConfig({ DATA_DIR: join(dataDir, 'other') }));
    expect(elsewhere).toMatchObject({ created: false, accounts: [] });
    expect(seedLines(elsewhere)).toEqual([]);
  });

  it('seeds every member and doctor route of spec §2 with its sidebar flag, and the button codes of spec §6', async () => {
    const rows = await database.db.select().from(menus);
    const byPath = new Map(rows.filter((r) => r.path).map((r) => [r.path!, r]));
    const wrong = SPEC_AREA_ROUTES.filter(([p, hidden]) => byPath.get(p)?.showOnSideBar !== !hidden);
    expect(wrong).toEqual([]);
    expect(byPath.get('/member/config/teamRecord')?.blank).toBe(true);
    expect(byPath.get('/member/config/display')).toMatchObject({ blank: true, requires: 'displayPermission' });
    expect(byPath.get('/member/config/resultConfig')?.requires).toBe('canConfigTreatPlan');
    expect(byPath.get('/doctor/archive/showMedicalRecordPdf/:recordId')?.isFullscreen).toBe(true);
    const codes = rows.map((r) => r.buttonCode).filter(Boolean);
    expect(SPEC_BUTTONS.filter((c) => !codes.includes(c))).toEqual([]);
    const archive = rows.find((r) => r.path === '/doctor/archive/index')!;
    const archiveButtons = rows.filter((r) => r.pid === archive.id && r.type === 'button');
    expect(archiveButtons.map((b) => [b.buttonCode, b.name, b.buttonUrl])).toEqual([
      ['doctorArchiveManage-group', '批量设置医案分组', 'joinGroups'],
      ['doctorArchiveManage-add', '创建医案', 'addArchive'],
      ['doctorArchiveManage-batch-delete', '批量删除医案', 'deleteArchive'],
    ]);
  });
});
