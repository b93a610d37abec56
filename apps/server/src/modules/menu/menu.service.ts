import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import { MENU_ERRORS, type MenuAddBody, type MenuNode } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { menus } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Grants, UserRow } from '../auth/principal.repo.js';
import { buildTree, presentMenu, type MenuRow } from './menu.presenter.js';
import { isSafeLink } from '../../http/safe-link.js';
import { holdsMenuFlag } from '../teams/team-rules.js';

const AREA_OF_ENTRANCE: Record<string, MenuRow['area'] | undefined> = {
  sys: 'console',
  member: 'member',
  doctor: 'doctor',
};

export { presentMenu as presentOne };

export const allMenus = (db: Db): Promise<MenuRow[]> => db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));

export async function findMenu(db: Db, id: number): Promise<MenuRow> {
  const row = await db
    .select()
    .from(menus)
    .where(eq(menus.id, id))
    .then((r) => r[0]);
  if (!row) throw new AppError(MENU_ERRORS.NOT_FOUND);
  return row;
}

/** Rows a user may see: enabled, granted by a role, and (member area) allowed by the member's flags. */
function visibleRows(rows: MenuRow[], g: Grants, user: UserRow): MenuRow[] {
  return rows.filter(
    (m) =>
      m.status === 1 &&
      (g.allAccess || g.menuIds.has(m.id)) &&
      (m.area !== 'member' || holdsMenuFlag(user, m.requires)),
  );
}

/**
 * Member-area pages a member may open (member info `pages`): every enabled member page whose
 * flag the member holds (teams/team-rules.ts). Roles do not narrow it: members who joined by
 * WeChat or an application hold no role, and the member area is theirs all the same.
 */
export async function memberPages(db: Db, user: UserRow): Promise<string[]> {
  const rows = await allMenus(db);
  return rows
    .filter((m) => m.area === 'member' && m.type === 'menu' && m.status === 1 && m.path)
    .filter((m) => holdsMenuFlag(user, m.requires))
    .map((m) => m.path!);
}

/**
 * Head menu of the caller's area (spec §2 "Dynamic menus"): head entries with their pages as
 * children; buttons are left out (they come with user info).
 */
export async function headMenu(db: Db, user: UserRow, g: Grants): Promise<MenuNode[]> {
  const area = AREA_OF_ENTRANCE[user.entrance];
  if (!area) return [];
  const rows = visibleRows(await allMenus(db), g, user).filter((m) => m.area === area && m.type !== 'button');
  return buildTree(rows).filter((n) => n.type === 'head');
}

/** Console menus granted to a back-office user, buttons included. */
export async function currentSysuserMenu(db: Db, user: UserRow, g: Grants): Promise<MenuNode[]> {
  return buildTree(visibleRows(await allMenus(db), g, user).filter((m) => m.area === 'console'));
}

/** Subtree under `id` (0: every root), optionally without buttons and filtered. */
export async function menuTree(
  db: Db,
  id: number,
  opts: { noButtons?: boolean; area?: string; name?: string; status?: number } = {},
): Promise<MenuNode[]> {
  if (id !== 0) await findMenu(db, id);
  let rows = await allMenus(db);
  if (opts.noButtons) rows = rows.filter((m) => m.type !== 'button');
  if (opts.area) rows = rows.filter((m) => m.area === opts.area);
  if (opts.status !== undefined) rows = rows.filter((m) => m.status === opts.status);
  const tree = buildTree(rows, id);
  if (!opts.name) return tree;
  // A name filter keeps matching entries with their ancestors, so the tree stays navigable.
  const needle = opts.name.toLowerCase();
  const keep = (n: MenuNode): MenuNode | undefined => {
    const kids = n.children.map(keep).filter((k): k is MenuNode => Boolean(k));
    const hit = n.name.toLowerCase().includes(needle) || (n.nameEn ?? '').toLowerCase().includes(needle);
    return hit || kids.length ? { ...n, children: kids } : undefined;
  };
  return tree.map(keep).filter((k): k is MenuNode => Boolean(k));
}

async function assertParent(db: Db, pid: number, selfId?: number): Promise<void> {
  if (pid === 0) return;
  const rows = await allMenus(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (!byId.has(pid)) throw new AppError(MENU_ERRORS.BAD_PARENT, `pid ${pid} does not exist`);
  // Walking up from the new parent must never meet the entry itself (no cycles).
  for (let cur = byId.get(pid); cur; cur = cur.pid ? byId.get(cur.pid) : undefined) {
    if (cur.id === selfId) throw new AppError(MENU_ERRORS.BAD_PARENT, 'an entry cannot move under itself');
  }
}

async function assertButtonCodeFree(db: Db, code: string | null | undefined, selfId?: number): Promise<void> {
  if (!code) return;
  const clash = await db
    .select({ id: menus.id })
    .from(menus)
    .where(selfId ? and(eq(menus.buttonCode, code), ne(menus.id, selfId)) : eq(menus.buttonCode, code));
  if (clash.length) throw new AppError(MENU_ERRORS.BUTTON_CODE_EXISTS);
}

/**
 * Fields the web app puts in an href or an iframe src (`component` is the frame address of a
 * frame page): a `javascript:` value there would run in the console of whoever clicks it.
 */
const LINK_FIELDS = ['path', 'component', 'buttonUrl'] as const;

function assertSafeLinks(body: Partial<MenuAddBody>): void {
  for (const f of LINK_FIELDS) {
    const v = body[f];
    if (typeof v === 'string' && !isSafeLink(v)) throw new AppError(MENU_ERRORS.UNSAFE_LINK, `body.${f}`);
  }
}

export async function addMenu(db: Db, body: MenuAddBody): Promise<MenuNode> {
  assertSafeLinks(body);
  await assertParent(db, body.pid);
  await assertButtonCodeFree(db, body.buttonCode);
  const [row] = await db.insert(menus).values(body).returning();
  return presentMenu(row!);
}

export async function editMenu(db: Db, id: number, body: Partial<MenuAddBody>): Promise<MenuNode> {
  assertSafeLinks(body);
  await findMenu(db, id);
  if (body.pid !== undefined) await assertParent(db, body.pid, id);
  await assertButtonCodeFree(db, body.buttonCode, id);
  // Body fields are named like the columns; drizzle skips the undefined ones.
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) return presentMenu(await findMenu(db, id));
  const [row] = await db.update(menus).set(values).where(eq(menus.id, id)).returning();
  return presentMenu(row!);
}

export async function removeMenu(db: Db, id: number): Promise<void> {
  await findMenu(db, id);
  const kids = await db.select({ id: menus.id }).from(menus).where(eq(menus.pid, id)).limit(1);
  if (kids.length) throw new AppError(MENU_ERRORS.HAS_CHILDREN);
  await db.delete(menus).where(eq(menus.id, id));
}

export async function setMenuStatus(db: Db, id: number, status: 0 | 1): Promise<void> {
  await findMenu(db, id);
  await db.update(menus).set({ status }).where(eq(menus.id, id));
}

/**
 * Drag-and-drop move: entry `id` leaves oldPid (which must be its parent) for newPid and takes
 * `sort`; the new siblings at `sort` or later move up by one, so the entry lands before the
 * sibling whose sort value the client sent (docs/console.md "Menus"), never tied with it.
 */
export async function moveMenu(
  db: Db,
  q: { id: number; sort: number; oldPid: number; newPid: number },
): Promise<MenuNode> {
  const row = await findMenu(db, q.id);
  if (row.pid !== q.oldPid)
    throw new AppError(MENU_ERRORS.BAD_PARENT, `entry ${q.id} is under ${row.pid}, not ${q.oldPid}`);
  await assertParent(db, q.newPid, q.id);
  const moved = await db.transaction(async (tx) => {
    await tx
      .update(menus)
      .set({ sort: sql`${menus.sort} + 1` })
      .where(and(eq(menus.pid, q.newPid), ne(menus.id, q.id), gte(menus.sort, q.sort)));
    const [row] = await tx.update(menus).set({ pid: q.newPid, sort: q.sort }).where(eq(menus.id, q.id)).returning();
    return row!;
  });
  return presentMenu(moved);
}
