import { sql, type SQL } from 'drizzle-orm';
import { DISPLAY_TONGUE_FINDINGS } from '@tcm/contract';
import type { Db } from '../../db/client.js';

// The display's SQL over diagnosis_record (docs/display.md). Every aggregate reads only the
// generated facet columns, so PostgreSQL answers it from diagnosis_record_display_idx (platform)
// or diagnosis_record_display_team_idx (one team) without touching the records' results.

/** Whose records: the whole platform (null) or one team. */
export type Scope = { teamId: string | null };

const where = (s: Scope): SQL =>
  s.teamId ? sql`r.status = 'done' and r.team_id = ${s.teamId}` : sql`r.status = 'done'`;

export interface Counts {
  today: number;
  month: number;
  total: number;
}

/** Finished records since the start of today, of this month, and ever. */
export async function counts(db: Db, s: Scope, today: Date, month: Date): Promise<Counts> {
  const { rows } = await db.execute<{ today: string; month: string; total: string }>(sql`
    select count(*) filter (where r.created_at >= ${today.toISOString()}::timestamptz) as today,
           count(*) filter (where r.created_at >= ${month.toISOString()}::timestamptz) as month,
           count(*) as total
      from diagnosis_record r where ${where(s)}`);
  const row = rows[0]!;
  return { today: Number(row.today), month: Number(row.month), total: Number(row.total) };
}

/** Which group of the window query a row belongs to (GROUPING() bits of its keys). */
export type FacetRow = {
  g: number;
  constitution: string | null;
  pattern: string | null;
  risk: string | null;
  device_id: string | null;
  day: string | null;
  n: string;
  high: string;
  today: string;
  tongue: string;
} & Record<`t${number}`, string>;

/**
 * Every window aggregate in one pass over the index (grouping sets): by constitution, pattern,
 * risk, device and day, and the window's grand total with the tongue findings' counts.
 * `g` is GROUPING(constitution, pattern, risk, device_id, day): 0b01111 = by constitution, ...
 */
export async function windowFacets(db: Db, s: Scope, from: Date, today: Date, timeZone: string): Promise<FacetRow[]> {
  const bits = DISPLAY_TONGUE_FINDINGS.map((_, i) =>
    sql.raw(`count(*) filter (where tongue & ${1 << i} <> 0) as t${i}`),
  );
  const { rows } = await db.execute<FacetRow>(sql`
    select grouping(constitution, pattern, risk, device_id, day) as g,
           constitution, pattern, risk, device_id, day::text as day,
           count(*) as n,
           count(*) filter (where risk = 'high') as high,
           count(*) filter (where created_at >= ${today.toISOString()}::timestamptz) as today,
           count(tongue) as tongue,
           ${sql.join(bits, sql`, `)}
      from (select r.display_constitution as constitution, r.display_pattern as pattern,
                   r.display_risk as risk, r.device_id, r.display_tongue as tongue, r.created_at,
                   (r.created_at at time zone ${timeZone})::date as day
              from diagnosis_record r
             where ${where(s)} and r.created_at >= ${from.toISOString()}::timestamptz) x
     group by grouping sets ((constitution), (pattern), (risk), (device_id), (day), ())`);
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
