import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  DASHBOARD_ENTRANCES,
  RECORD_ENGINES,
  type DashboardSummary,
  type DashboardWindow,
  type Entrance,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { devices, recordsTable, storedFiles, users } from '../../db/schema/index.js';
import { ANALYZE_QUEUE } from '../analysis/queue.js';
import { auditRows } from '../audit/audit.repo.js';
import { DISPLAY_TIME_ZONE, localDay, ONLINE_WINDOW_MS } from '../display/display.service.js';

/**
 * The /welcome dashboard (issue 33 item 3; docs/console.md "Dashboard"): what the platform holds
 * and is doing, read straight from the tables each time (an administrator opens it a few times a
 * day; no cache, so a number is never older than the page).
 */

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;
/** Newest finished records looked at for engine versions: bounded, and enough to meet every engine. */
const VERSION_SAMPLE = 200;
const AUDIT_SHOWN = 10;

const zero = (): DashboardWindow => ({ total: 0, failed: 0, partial: 0 });
const add = (a: DashboardWindow, b: DashboardWindow): DashboardWindow => ({
  total: a.total + b.total,
  failed: a.failed + b.failed,
  partial: a.partial + b.partial,
});

/** The Shanghai calendar days of the window, oldest first, ending today. */
export function windowDays(now: number, days = WINDOW_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => localDay(now - (days - 1 - i) * DAY_MS));
}

/** 00:00 Shanghai of a yyyy-MM-dd day, as an instant. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

async function recordTrend(db: Db, now: number): Promise<DashboardSummary['trend']> {
  const days = windowDays(now);
  // The zone inline, not a parameter: the select and the group by must be the same expression.
  const shanghaiDay = sql<string>`to_char(${recordsTable.createdAt} at time zone '${sql.raw(DISPLAY_TIME_ZONE)}', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day: shanghaiDay,
      total: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${recordsTable.status} = 'failed'))::int`,
      partial: sql<number>`(count(*) filter (where ${recordsTable.status} = 'partial'))::int`,
    })
    .from(recordsTable)
    .where(gte(recordsTable.createdAt, startOf(days[0]!)))
    .groupBy(shanghaiDay);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const r = byDay.get(day);
    return { day, total: r?.total ?? 0, failed: r?.failed ?? 0, partial: r?.partial ?? 0 };
  });
}

async function userCounts(db: Db): Promise<DashboardSummary['users']> {
  const rows = await db
    .select({
      entrance: users.entrance,
      total: sql<number>`count(*)::int`,
      enabled: sql<number>`(count(*) filter (where ${users.status} = 1))::int`,
    })
    .from(users)
    .groupBy(users.entrance);
  const of = new Map<Entrance, { total: number; enabled: number }>(rows.map((r) => [r.entrance, r]));
  return DASHBOARD_ENTRANCES.map((entrance) => ({
    entrance,
    total: of.get(entrance)?.total ?? 0,
    enabled: of.get(entrance)?.enabled ?? 0,
  }));
}

/** pg-boss's own table: waiting = created or retry. Absent before pg-boss made its schema (a fresh test database). */
async function queueState(db: Db): Promise<DashboardSummary['queue']> {
  try {
    const { rows } = await db.execute<{ waiting: number; active: number; oldest: string | Date | null }>(sql`
      select (count(*) filter (where state in ('created', 'retry')))::int as waiting,
             (count(*) filter (where state = 'active'))::int as active,
             min(created_on) filter (where state in ('created', 'retry')) as oldest
        from pgboss.job where name = ${ANALYZE_QUEUE} and state in ('created', 'retry', 'active')`);
    const r = rows[0];
    const oldest = r?.oldest ? new Date(r.oldest).toISOString() : null;
    return { waiting: Number(r?.waiting ?? 0), active: Number(r?.active ?? 0), oldestWaitingAt: oldest };
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if (['3F000', '42P01'].includes(err.cause?.code ?? err.code ?? ''))
      return { waiting: 0, active: 0, oldestWaitingAt: null };
    throw e;
  }
}

async function storage(db: Db): Promise<DashboardSummary['storage']> {
  const [r] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)::text` })
    .from(storedFiles);
  return { files: r?.files ?? 0, bytes: Number(r?.bytes ?? 0) };
}

/** The version on each engine's newest successful outcome among the newest finished records. */
async function engineVersions(db: Db): Promise<DashboardSummary['engines']> {
  const rows = await db
    .select({ results: recordsTable.results, at: recordsTable.createdAt })
    .from(recordsTable)
    .where(inArray(recordsTable.status, ['done', 'partial']))
    .orderBy(desc(recordsTable.createdAt))
    .limit(VERSION_SAMPLE);
  const out: DashboardSummary['engines'] = [];
  for (const engine of RECORD_ENGINES) {
    for (const r of rows) {
      const o = r.results[engine];
      if (o?.status !== 'done') continue;
      out.push({ engine, version: o.version.engine, model: o.version.model ?? null, at: r.at.toISOString() });
      break;
    }
  }
  return out;
}

async function deviceCounts(db: Db, now: number): Promise<DashboardSummary['devices']> {
  const [all] = await db
    .select({ total: count(), enabled: sql<number>`(count(*) filter (where ${devices.enabled}))::int` })
    .from(devices);
  const [online] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.enabled, true), gte(devices.lastSeenAt, new Date(now - ONLINE_WINDOW_MS))));
  return { total: all?.total ?? 0, enabled: all?.enabled ?? 0, online: online?.n ?? 0 };
}

export async function dashboardSummary(db: Db, opts: { withAudit: boolean; now?: number }): Promise<DashboardSummary> {
  const now = opts.now ?? Date.now();
  const [usersPer, trend, queue, store, engines, devs, audit] = await Promise.all([
    userCounts(db),
    recordTrend(db, now),
    queueState(db),
    storage(db),
    engineVersions(db),
    deviceCounts(db, now),
    opts.withAudit ? auditRows(db, {}, AUDIT_SHOWN - 1) : Promise.resolve(null),
  ]);
  const sum = (days: number) => trend.slice(-days).reduce(add, zero());
  return {
    users: usersPer,
    records: { today: sum(1), days7: sum(7), days30: sum(WINDOW_DAYS) },
    trend,
    queue,
    storage: store,
    engines,
    devices: devs,
    audit:
      audit?.map((a) => ({
        id: a.id,
        at: a.at,
        actorName: a.actorName,
        action: a.action,
        entity: a.entity,
        event: a.event,
        status: a.status,
      })) ?? null,
    zone: 'Asia/Shanghai',
  };
}
