import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

// The display's SQL (docs/display.md). The aggregates read display_daily, the per-day counts a
// trigger keeps from diagnosis_record's generated facet columns (migration 0011), so a window of
// days is a primary-key range of a few thousand rows at any number of records. The feed and the
// pattern names read diagnosis_record by its finished-records indexes.

/** Whose records: the whole platform (null) or one team. */
export type Scope = { teamId: string | null };

const where = (s: Scope): SQL =>
  s.teamId ? sql`r.status = 'done' and r.team_id = ${s.teamId}` : sql`r.status = 'done'`;
const scopeKey = (s: Scope) => s.teamId ?? 'all';

export interface Counts {
  today: number;
  month: number;
  total: number;
}

/** Finished records of today, of this month and ever (days are Shanghai dates, `YYYY-MM-DD`). */
export async function counts(db: Db, s: Scope, today: string, month: string): Promise<Counts> {
  const { rows } = await db.execute<{ today: string | null; month: string | null; total: string | null }>(sql`
    select sum(n) filter (where day = ${today}::date) as today,
           sum(n) filter (where day >= ${month}::date) as month,
           sum(n) as total
      from display_daily where scope = ${scopeKey(s)} and facet = 'total'`);
  const row = rows[0];
  return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0), total: Number(row?.total ?? 0) };
}

export type FacetRow = { facet: string; key: string; n: string; today: string };

/** Every facet's counts over the days from `from` on, and today's alone (the devices' "today"). */
export async function windowFacets(db: Db, s: Scope, from: string, today: string): Promise<FacetRow[]> {
  const { rows } = await db.execute<FacetRow>(sql`
    select facet, key, sum(n) as n, coalesce(sum(n) filter (where day = ${today}::date), 0) as today
      from display_daily
     where scope = ${scopeKey(s)} and facet <> 'total' and day >= ${from}::date
     group by facet, key`);
  return rows;
}

export type TrendRow = { day: string; count: string; high: string };

/** Per day from `from` on: finished records and those rated high risk. */
export async function trend(db: Db, s: Scope, from: string): Promise<TrendRow[]> {
  const { rows } = await db.execute<TrendRow>(sql`
    select day::text as day,
           coalesce(sum(n) filter (where facet = 'total'), 0) as count,
           coalesce(sum(n) filter (where facet = 'risk'), 0) as high
      from display_daily
     where scope = ${scopeKey(s)} and day >= ${from}::date
       and (facet = 'total' or (facet = 'risk' and key = 'high'))
     group by day`);
  return rows;
}

/** The zh/en name of a pattern as its newest record wrote it (names are the engine's). */
export async function patternName(db: Db, id: string): Promise<{ zh: string; en: string } | null> {
  const { rows } = await db.execute<{ name: { zh?: string; en?: string } | null }>(sql`
    select r.results->'synthesis'->'result'->'patterns'->0->'name' as name
      from diagnosis_record r
     where r.status = 'done' and r.display_pattern = ${id}
     order by r.created_at desc limit 1`);
  const name = rows[0]?.name;
  return name ? { zh: name.zh ?? id, en: name.en ?? id } : null;
}

export type DeviceRow = {
  id: string;
  name: string;
  location: string | null;
  enabled: boolean;
  last_seen_at: Date | string | null;
};

/** The scope's devices, most recently seen first (at most `limit`), and how many there are by state. */
export async function devices(db: Db, s: Scope, onlineSince: Date, limit: number) {
  const teamOnly = s.teamId ? sql`where d.team_id = ${s.teamId}` : sql``;
  const since = onlineSince.toISOString();
  const [list, states] = await Promise.all([
    db.execute<DeviceRow>(sql`
      select d.id, d.name, d.location, d.enabled, d.last_seen_at from device d ${teamOnly}
       order by d.last_seen_at desc nulls last, d.created_at desc limit ${limit}`),
    db.execute<{ online: string; offline: string; disabled: string }>(sql`
      select count(*) filter (where d.enabled and d.last_seen_at >= ${since}::timestamptz) as online,
             count(*) filter (where d.enabled and (d.last_seen_at is null or d.last_seen_at < ${since}::timestamptz)) as offline,
             count(*) filter (where not d.enabled) as disabled
        from device d ${teamOnly}`),
  ]);
  const st = states.rows[0]!;
  return {
    list: list.rows,
    online: Number(st.online),
    offline: Number(st.offline),
    disabled: Number(st.disabled),
  };
}

/** Locations of the given devices (for the region map). */
export async function deviceLocations(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute<{ id: string; location: string | null }>(
    sql`select d.id, d.location from device d where d.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.location]));
}

export type FeedRow = {
  id: string;
  person_name: string | null;
  person_sex: 'female' | 'male' | null;
  person_age: number | null;
  source: string;
  constitution: string | null;
  pattern: string | null;
  pattern_name: { zh?: string; en?: string } | null;
  risk: string | null;
  location: string | null;
  finished_at: Date | string;
  /** finished_at as PostgreSQL prints it: the cursor, exact to the microsecond. */
  cursor: string;
};

const feedColumns = sql`
  r.id, r.person_name, r.person_sex, r.person_age, r.source,
  r.display_constitution as constitution, r.display_pattern as pattern,
  r.results->'synthesis'->'result'->'patterns'->0->'name' as pattern_name,
  r.display_risk as risk, d.location, coalesce(r.finished_at, r.updated_at) as finished_at,
  coalesce(r.finished_at, r.updated_at)::text as cursor`;

/** The newest finished records (the feed's first screen), newest first. */
export async function latestFinished(db: Db, s: Scope, limit: number): Promise<FeedRow[]> {
  const { rows } = await db.execute<FeedRow>(sql`
    select ${feedColumns} from diagnosis_record r left join device d on d.id = r.device_id
     where ${where(s)} order by r.created_at desc limit ${limit}`);
  return rows;
}

/**
 * Records finished after the cursor, oldest first. Only records created in the last two days
 * are looked at (a range of the display index); an older record re-analysed now is not news.
 */
export async function finishedAfter(db: Db, s: Scope, cursor: string, limit: number): Promise<FeedRow[]> {
  const { rows } = await db.execute<FeedRow>(sql`
    select ${feedColumns} from diagnosis_record r left join device d on d.id = r.device_id
     where ${where(s)} and r.created_at >= now() - interval '2 days'
       and coalesce(r.finished_at, r.updated_at) > ${cursor}::timestamptz
     order by coalesce(r.finished_at, r.updated_at), r.id limit ${limit}`);
  return rows;
}

/** The database's clock as a cursor (the feed starts here when nothing is finished yet). */
export async function nowCursor(db: Db): Promise<string> {
  const { rows } = await db.execute<{ now: string }>(sql`select now()::text as now`);
  return rows[0]!.now;
}

export async function teamName(db: Db, teamId: string): Promise<string | null> {
  const { rows } = await db.execute<{ name: string }>(sql`select name from teams where id = ${teamId}`);
  return rows[0]?.name ?? null;
}
