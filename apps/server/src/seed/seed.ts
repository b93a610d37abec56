import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { TRAINING_TEACHER_ROLE } from '@tcm/contract';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { menus, roleMenus, roles, teams, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import { passwordError, passwordProblem } from '../modules/passwords/policy.js';
import { CONSOLE_MENUS, DOCTOR_MENUS, MEMBER_MENUS, type SeedMenu } from './menu-tree.js';
import { seedSitePages } from './site-pages.js';
import { addTrainingStarter } from '../modules/training/training.starter.js';

export interface SeedAccount {
  loginName: string;
  description: string;
  /** Present only on the start that generated it (docs/security.md §8). */
  password?: string;
}

export interface SeedResult {
  created: boolean;
  /**
   * What a start may print: the generated passwords on the start that created them; on other
   * starts, and whenever SEED_PASSWORD is set, the accounts without passwords or nothing.
   */
  accounts: SeedAccount[];
  /** One line saying where the passwords are (printed above the accounts), or ''. */
  note: string;
}

type MenuArea = 'console' | 'member' | 'doctor';

/** Inserts a menu subtree; returns every id inserted. */
export async function insertMenus(db: Db, area: MenuArea, items: SeedMenu[], pid = 0): Promise<number[]> {
  const ids: number[] = [];
  let sort = 0;
  for (const m of items) {
    const [row] = await db
      .insert(menus)
      .values({
        pid,
        area,
        type: m.type ?? 'menu',
        name: m.name,
        nameEn: m.nameEn,
        path: m.path ?? null,
        component: m.component ?? null,
        iconCls: m.iconCls ?? null,
        blank: m.blank ?? false,
        sort: (sort += 10),
        buttonCode: m.buttonCode ?? null,
        buttonIcon: m.buttonIcon ?? null,
        buttonUrl: m.buttonUrl ?? null,
        showOnSideBar: !m.hidden && m.type !== 'button',
        isFullscreen: m.isFullscreen ?? false,
        requires: m.requires ?? null,
      })
      .returning({ id: menus.id });
    if (!row) throw new Error('menu insert failed');
    ids.push(row.id, ...(await insertMenus(db, area, m.children ?? [], row.id)));
  }
  return ids;
}

const ACCOUNTS = [
  { loginName: 'admin', description: 'back-office administrator (/login)' },
  { loginName: 'leader', description: 'member team leader, treatment plans + display (/member-login)' },
  { loginName: 'member', description: "member of the leader's team (/member-login)" },
  {
    loginName: 'outsider',
    description: "leader of a second team: sees none of the first team's records (/member-login)",
  },
  { loginName: 'doctor', description: 'doctor / researcher (/keyan-login)' },
  { loginName: 'display', description: 'large-screen display (/dpLogin)' },
  { loginName: 'disease', description: 'disease module (/disease/login)' },
  { loginName: 'training', description: 'training module (/training/login)' },
] as const;

/** Passwords: SEED_PASSWORD for all, else one generated per account and kept in DATA_DIR. */
function seedPasswords(config: AppConfig): { byName: Map<string, string>; file: string } {
  const file = join(config.dataDir, 'seed-accounts.json');
  const password = (): string => config.seedPassword ?? randomBytes(9).toString('base64url');
  return { byName: new Map(ACCOUNTS.map((a) => [a.loginName, password()])), file };
}

/**
 * A weak SEED_PASSWORD refuses the first start: the seeded admin can do everything, and a
 * password from a tutorial or a CI file must not become that account's (docs/security.md §8).
 */
function assertSeedPasswordAllowed(config: AppConfig): void {
  if (!config.seedPassword) return;
  for (const a of ACCOUNTS) {
    const rule = passwordProblem(config.seedPassword, a.loginName);
    if (rule)
      throw new Error(
        `SEED_PASSWORD is refused for the seeded account "${a.loginName}": ${passwordError(rule).en} ` +
          '(docs/security.md §8). Choose another SEED_PASSWORD, or leave it unset to generate one per account.',
      );
  }
}

/** What a start that did not create the accounts says about them: where to look, never a password. */
function laterStart(config: AppConfig, file: string): SeedResult {
  if (config.seedPassword)
    return { created: false, accounts: [], note: 'seeded accounts: password set by SEED_PASSWORD (not printed)' };
  if (existsSync(file))
    return {
      created: false,
      accounts: [],
      note: `seeded accounts: first passwords in ${file} (mode 0600; later changes are not written there)`,
    };
  return { created: false, accounts: [], note: '' };
}

/**
 * Seeds roles, menus, one team and one account per entrance when the database has no user.
 * Safe to call on every start: a non-empty database is left alone.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<SeedResult> {
  const [n] = await db.select({ n: count() }).from(users);
  const pw = seedPasswords(config);
  if ((n?.n ?? 0) > 0) return laterStart(config, pw.file);
  assertSeedPasswordAllowed(config);

  await db.transaction(async (tx) => {
    const consoleIds = await insertMenus(tx, 'console', CONSOLE_MENUS);
    const memberIds = await insertMenus(tx, 'member', MEMBER_MENUS);
    const doctorIds = await insertMenus(tx, 'doctor', DOCTOR_MENUS);
    const roleRows = await tx
      .insert(roles)
      .values([
        { code: 'admin', name: '系统管理员', allAccess: true },
        { code: 'console-user', name: '后台用户' },
        { code: 'member', name: '会员' },
        { code: 'doctor', name: '医生/科研人员' },
      ])
      .returning();
    const role = (code: string) => roleRows.find((r) => r.code === code)!.id;
    const grant = (roleId: string, ids: number[]) =>
      tx.insert(roleMenus).values(ids.map((menuId) => ({ roleId, menuId })));
    await grant(role('console-user'), consoleIds.slice(0, 2));
    await grant(role('member'), memberIds);
    await grant(role('doctor'), doctorIds);
    await seedSitePages(tx);
    // The training module's starter course (also the training-starter repair for older databases).
    await addTrainingStarter(tx);

    const [team, otherTeam] = await tx
      .insert(teams)
      .values([{ name: '示例团队' }, { name: '另一团队' }])
      .returning();
    const hash = async (name: string) => hashPassword(pw.byName.get(name) as string);
    const inserted = await tx
      .insert(users)
      .values([
        { entrance: 'sys', loginName: 'admin', name: '系统管理员', passwordHash: await hash('admin') },
        {
          entrance: 'member',
          loginName: 'leader',
          name: '团队负责人',
          passwordHash: await hash('leader'),
          teamId: team!.id,
          teamLeader: true,
          canConfigTreatPlan: true,
          displayPermission: true,
        },
        {
          entrance: 'member',
          loginName: 'member',
          name: '团队成员',
          passwordHash: await hash('member'),
          teamId: team!.id,
        },
        {
          entrance: 'member',
          loginName: 'outsider',
          name: '另一团队负责人',
          passwordHash: await hash('outsider'),
          teamId: otherTeam!.id,
          teamLeader: true,
        },
        {
          entrance: 'doctor',
          loginName: 'doctor',
          name: '示例医生',
          passwordHash: await hash('doctor'),
          doctorKind: 'doctor',
        },
        { entrance: 'display', loginName: 'display', name: '大屏展示', passwordHash: await hash('display') },
        // In the seeded team, so its screenings can link the team's records (docs/disease.md "Access").
        {
          entrance: 'disease',
          loginName: 'disease',
          name: '病种模块用户',
          passwordHash: await hash('disease'),
          teamId: team!.id,
        },
        { entrance: 'training', loginName: 'training', name: '实训模块用户', passwordHash: await hash('training') },
      ])
      .returning({ id: users.id, loginName: users.loginName });
    const userId = (name: string) => inserted.find((u) => u.loginName === name)!.id;
    await tx.insert(userRoles).values([
      { userId: userId('admin'), roleId: role('admin') },
      { userId: userId('leader'), roleId: role('member') },
      { userId: userId('member'), roleId: role('member') },
      { userId: userId('outsider'), roleId: role('member') },
      { userId: userId('doctor'), roleId: role('doctor') },
    ]);
    // The one training account teaches (courses, question bank, results), so a fresh install can
    // set the module up; learners' accounts are made in the console (docs/training.md).
    const [teacherRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, TRAINING_TEACHER_ROLE));
    if (teacherRole) await tx.insert(userRoles).values({ userId: userId('training'), roleId: teacherRole.id });
  });
  if (config.seedPassword)
    return {
      created: true,
      accounts: ACCOUNTS.map((a) => ({ ...a })),
      note: 'seeded accounts (password set by SEED_PASSWORD, not printed):',
    };
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(pw.file, JSON.stringify(Object.fromEntries(pw.byName), null, 2), { mode: 0o600 });
  return {
    created: true,
    accounts: ACCOUNTS.map((a) => ({ ...a, password: pw.byName.get(a.loginName) as string })),
    note: `seeded accounts (generated passwords, printed this once; kept in ${pw.file}, mode 0600):`,
  };
}

/** The lines a start prints about the seeded accounts (main.ts). */
export function seedLines(result: SeedResult): string[] {
  if (!result.note) return [];
  return [
    `  ${result.note}`,
    ...result.accounts.map(
      (a) => `    ${a.loginName.padEnd(9)} ${a.password ? `${a.password.padEnd(17)} ` : ''}${a.description}`,
    ),
  ];
}
