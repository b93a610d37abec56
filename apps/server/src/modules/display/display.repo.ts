import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

// The display's SQL (docs/display.md). The aggregates read display_daily, the per-day counts a
// trigger keeps from diagnosis_record's generated facet columns (migration 0011), so a window of
// days is a primary-key range of a few thousand rows at any number of records. The feed and the
// pattern names read diagnosis_record by its finished-records indexes.

/** Whose records: the whole platform (null) or one team. */
export type Scope = { teamId: string | null };

// Finished records with results: done, and partial ones (what they hold is real; issue 32).
const finished = sql`r.status in ('done', 'partial')`;
const where = (s: Scope): SQL => (s.teamId ? sql`${finished} and r.team_id = ${s.teamId}` : finished);
const scopeKey = (s: Scope) => s.teamId ?? 'all';

export interface Counts {
  today: number;
  month: number;
  total: number;
}

/** A facet's count over the window and today's alone (the devices' "today"); `location` for devices. */
export type FacetRow = { facet: string; key: string; n: string; today: string; location: string | null };
export type TrendRow = { day: string; count: string; high: string };

export interface Daily {
  counts: Counts;
  facets: FacetRow[];
  trend: TrendRow[];
}

/** The facets the summary shows over its window (schema/display.ts lists every facet). */
const WINDOW_FACETS = ['constitution', 'pattern', 'risk', 'device', 'tongue', 'missing'] as const;

type DailyRow = {
  part: 'count' | 'facet' | 'trend';
  facet: string | null;
  key: string | null;
  day: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
  location: string | null;
};

/**
 * Everything the summary reads from display_daily, in one statement (one round trip, one
 * connection): the counts of today, this month and ever; every facet's counts over the days
 * from `from` on with today's alone and, for a device, its location (the region map); and per
 * day from `from` on the finished records and those rated high risk. Days are Shanghai dates
 * (`YYYY-MM-DD`). One statement instead of four (three in parallel, then the devices' locations
 * after them): at 1M records the parts are each a few ms, and the whole call was the sum of
 * the round trips and the waits for pooled connections on a loaded machine (docs/display.md).
 */
export async function daily(db: Db, s: Scope, days: { today: string; month: string; from: string }): Promise<Daily> {
  const { today, month, from } = days;
  const scope = scopeKey(s);
  // Each part is a range of the primary key (scope, facet, day, key): the window names its facets
  // rather than "facet <> 'total'", which could only filter every day of the scope (a year of
  // rows for the platform) instead of reading the window's days.
  const { rows } = await db.execute<DailyRow>(sql`
    select 'count' as part, null as facet, null as key, null as day,
           sum(n) filter (where day = ${today}::date) as a, sum(n) filter (where day >= ${month}::date) as b,
           sum(n) as c, null as location
      from display_daily where scope = ${scope} and facet = 'total'
    union all
    select 'facet', f.facet, f.key, null, f.n, f.today, null, d.location
      from (select facet, key, sum(n) as n, coalesce(sum(n) filter (where day = ${today}::date), 0) as today
              from display_daily
             where scope = ${scope} and facet in (${sql.join(
               WINDOW_FACETS.map((f) => sql`${f}`),
               sql`, `,
             )}) and day >= ${from}::date
             group by facet, key) f
      left join device d on f.facet = 'device' and f.key <> '' and d.id::text = f.key
    union all
    select 'trend', null, null, day::text, coalesce(sum(n) filter (where facet = 'total'), 0),
           coalesce(sum(n) filter (where facet = 'risk'), 0), null, null
      from display_daily
     where scope = ${scope} and facet in ('total', 'risk') and day >= ${from}::date
       and (facet = 'total' or key = 'high')
     group by day`);
  const count = rows.find((r) => r.part === 'count');
  return {
    counts: { today: Number(count?.a ?? 0), month: Number(count?.b ?? 0), total: Number(count?.c ?? 0) },
    facets: rows
      .filter((r) => r.part === 'facet')
      .map((r) => ({ facet: r.facet!, key: r.key!, n: r.a ?? '0', today: r.b ?? '0', location: r.location })),
    trend: rows.filter((r) => r.part === 'trend').map((r) => ({ day: r.day!, count: r.a ?? '0', high: r.b ?? '0' })),
  };
}

/** The zh/en name of a pattern as its newest record wrote it (names are the engine's). */
export async function patternName(db: Db, id: string): Promise<{ zh: string; en: string } | null> {
  const { rows } = await db.execute<{ name: { zh?: string; en?: string } | null }>(sql`
    select r.results->'synthesis'->'result'->'patterns'->0->'name' as name
      from diagnosis_record r
     where ${finished} and r.display_pattern = ${id}
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

/**
 * The scope's devices, most recently seen first (at most `limit`), and how many there are by
 * state: one statement (the counts repeat on each row; a scope without devices gives one row of
 * counts alone).
 */
export async function devices(db: Db, s: Scope, onlineSince: Date, limit: number) {
  const teamOnly = s.teamId ? sql`where d.team_id = ${s.teamId}` : sql``;
  const since = onlineSince.toISOString();
  const { rows } = await db.execute<
    { online: string; offline: string; disabled: string } & { [K in keyof DeviceRow]: DeviceRow[K] | null }
  >(sql`
    with states as (
      select count(*) filter (where d.enabled and d.last_seen_at >= ${since}::timestamptz) as online,
             count(*) filter (where d.enabled and (d.last_seen_at is null or d.last_seen_at < ${since}::timestamptz)) as offline,
             count(*) filter (where not d.enabled) as disabled
        from device d ${teamOnly}),
    list as (
      select d.id, d.name, d.location, d.enabled, d.last_seen_at,
             row_number() over (order by d.last_seen_at desc nulls last, d.created_at desc) as pos
        from device d ${teamOnly}
       order by pos limit ${limit})
    select states.*, list.* from states left join list on true order by list.pos`);
  const st = rows[0]!;
  return {
    list: rows.filter((r) => r.id !== null) as DeviceRow[],
    online: Number(st.online),
    offline: Number(st.offline),
    disabled: Number(st.disabled),
  };
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
 * are looked at (a range of the display index); an older record re-analyzed now is not news.
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
