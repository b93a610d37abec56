import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { menus, roleMenus, roles, teams, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import { CONSOLE_MENUS, DOCTOR_MENUS, MEMBER_MENUS, type SeedMenu } from './menu-tree.js';

export interface SeedAccount {
  loginName: string;
  password: string;
  description: string;
}

export interface SeedResult {
  /** Accounts whose passwords are known to this start (env or DATA_DIR/seed-accounts.json). */
  accounts: SeedAccount[];
  passwordSource: string;
  created: boolean;
}

type MenuArea = 'console' | 'member' | 'doctor';

/** Inserts a menu subtree; returns every id inserted. */
async function insertMenus(db: Db, area: MenuArea, items: SeedMenu[], pid = 0): Promise<number[]> {
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
function seedPasswords(config: AppConfig): { byName: Map<string, string>; source: string; file: string } {
  const file = join(config.dataDir, 'seed-accounts.json');
  if (config.seedPassword)
    return {
      byName: new Map(ACCOUNTS.map((a) => [a.loginName, config.seedPassword as string])),
      source: 'password from SEED_PASSWORD',
      file,
    };
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    return { byName: new Map(Object.entries(saved)), source: `passwords kept in ${file}`, file };
  }
  return {
    byName: new Map(ACCOUNTS.map((a) => [a.loginName, randomBytes(9).toString('base64url')])),
    source: `generated passwords, kept in ${file}`,
    file,
  };
}

/**
 * Seeds roles, menus, one team and one account per entrance when the database has no user.
 * Safe to call on every start: a non-empty database is left alone.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<SeedResult> {
  const pw = seedPasswords(config);
  const [n] = await db.select({ n: count() }).from(users);
  const known = (created: boolean): SeedResult => ({
    accounts: ACCOUNTS.filter((a) => pw.byName.has(a.loginName)).map((a) => ({
      ...a,
      password: pw.byName.get(a.loginName) as string,
    })),
    passwordSource: pw.source,
    created,
  });
  if ((n?.n ?? 0) > 0)
    return existsSync(pw.file) || config.seedPassword
      ? known(false)
      : { accounts: [], passwordSource: '', created: false };

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
        { entrance: 'disease', loginName: 'disease', name: '病种模块用户', passwordHash: await hash('disease') },
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
  });
  if (!config.seedPassword) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(pw.file, JSON.stringify(Object.fromEntries(pw.byName), null, 2), { mode: 0o600 });
  }
  return known(true);
}
