import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_ERRORS,
  PLATFORM_ERRORS,
  type ConsoleDevice,
  type ConsoleDeviceEditBody,
  type ConsoleDeviceListBody,
  type ConsoleDevicePage,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { devices, teams, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { ONLINE_WINDOW_MS } from '../display/display.service.js';
import { scopeWhere as accountScopeWhere, type AdminScope } from './data-scope.js';
import { containsAny } from '../../db/contains.js';

/**
 * Every device of the platform for the console (issue 33 item 3; docs/console.md "Devices").
 * A device belongs to a team and was registered by its leader, its owner here: the data scope
 * of the caller's roles applies to that owner account, as it does to accounts (`organisation`:
 * owners of the caller's organisation; `self`: devices the caller registered).
 */

/** The accounts' rule (data-scope.ts) applied to the owner; the caller's share is what it registered. */
const scopeWhere = (s: AdminScope): SQL | undefined => accountScopeWhere(s, eq(devices.createdBy, s.me.id));

/** What the keyword box searches. */
const SEARCHED = [devices.name, devices.location, teams.name, users.loginName, users.name];

function filterWhere(q: ConsoleDeviceListBody): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (q.state) parts.push(eq(devices.enabled, q.state === 'enabled'));
  if (q.unlocated) parts.push(or(isNull(devices.location), sql`trim(${devices.location}) = ''`));
  parts.push(containsAny(q.keyword, SEARCHED));
  return and(...parts);
}

const columns = {
  device: devices,
  team: { id: teams.id, name: teams.name },
  owner: { id: users.id, loginName: users.loginName, name: users.name, organisation: users.organisation },
};

type Row = { device: typeof devices.$inferSelect; team: { id: string; name: string }; owner: ConsoleDevice['owner'] };

function present(r: Row, now: number): ConsoleDevice {
  const d = r.device;
  return {
    id: d.id,
    name: d.name,
    location: d.location,
    enabled: d.enabled,
    online: d.enabled && !!d.lastSeenAt && d.lastSeenAt.getTime() >= now - ONLINE_WINDOW_MS,
    lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    team: r.team,
    owner: r.owner?.id ? r.owner : null,
  };
}

const base = (db: Db) =>
  db
    .select(columns)
    .from(devices)
    .innerJoin(teams, eq(teams.id, devices.teamId))
    .leftJoin(users, eq(users.id, devices.createdBy));

export async function listDevices(
  db: Db,
  s: AdminScope,
  q: ConsoleDeviceListBody & { page: number; size: number; order: 'asc' | 'desc' },
): Promise<ConsoleDevicePage> {
  const where = and(scopeWhere(s), filterWhere(q));
  // Last seen first (never-seen devices last), then by name: the ones to look at come first.
  const seen =
    q.order === 'asc' ? sql`${devices.lastSeenAt} asc nulls first` : sql`${devices.lastSeenAt} desc nulls last`;
  const rows = await base(db)
    .where(where)
    .orderBy(seen, asc(devices.name), desc(devices.createdAt))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [n] = await db
    .select({ n: count() })
    .from(devices)
    .innerJoin(teams, eq(teams.id, devices.teamId))
    .leftJoin(users, eq(users.id, devices.createdBy))
    .where(where);
  const now = Date.now();
  return { list: rows.map((r) => present(r, now)), total: n?.n ?? 0 };
}

/** Changes a device in the caller's scope: 404 for an unknown id, 403 outside the scope. */
async function changeDevice(
  db: Db,
  s: AdminScope,
  id: string,
  set: Partial<typeof devices.$inferInsert>,
): Promise<ConsoleDevice> {
  const [found] = await base(db).where(eq(devices.id, id));
  if (!found) throw new AppError(DEVICE_ERRORS.DEVICE_NOT_FOUND);
  const [inScope] = await base(db).where(and(eq(devices.id, id), scopeWhere(s)));
  if (!inScope) throw new AppError(PLATFORM_ERRORS.DEVICE_OUT_OF_SCOPE);
  if (Object.keys(set).length) await db.update(devices).set(set).where(eq(devices.id, id));
  const [row] = await base(db).where(eq(devices.id, id));
  return present(row as Row, Date.now());
}

/** Enables or disables a device; a disabled device's uploads answer 403 at once. */
export const setDeviceStatus = (db: Db, s: AdminScope, id: string, status: 0 | 1) =>
  changeDevice(db, s, id, { enabled: status === 1 });

/** Renames a device or sets its location (empty: none, its records count as unlocated on the display). */
export const editDevice = (db: Db, s: AdminScope, body: ConsoleDeviceEditBody) =>
  changeDevice(db, s, body.id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.location !== undefined ? { location: body.location?.trim() ? body.location.trim() : null } : {}),
  });
