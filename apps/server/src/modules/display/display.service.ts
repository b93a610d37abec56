import {
  DISPLAY_TONGUE_FINDINGS,
  provinceOf,
  type DisplayBucket,
  type DisplayFeedItem,
  type DisplaySummary,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import * as repo from './display.repo.js';

/** "Today" and "this month" are China's (the platform's users are there; docs/display.md). */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';
const ZONE_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai has had no daylight saving since 1991.
const DAY_MS = 86_400_000;
/** A device that called within this long is online. */
export const ONLINE_WINDOW_MS = 10 * 60_000;
const DEVICE_LIST_MAX = 50;
const PATTERNS_SHOWN = 10;

/** The local calendar day of `t` (YYYY-MM-DD) in the display's time zone. */
export const localDay = (t: number) => new Date(t + ZONE_OFFSET_MS).toISOString().slice(0, 10);

const largestFirst = (a: DisplayBucket, b: DisplayBucket) => b.count - a.count || a.key.localeCompare(b.key);

/** Pattern names are the engine's and stable: looked up once per process. */
const patternNames = new Map<string, { zh: string; en: string }>();
async function nameOf(db: Db, id: string) {
  let name = patternNames.get(id);
  if (!name) {
    name = (await repo.patternName(db, id)) ?? { zh: id, en: id };
    patternNames.set(id, name);
  }
  return name;
}

/**
 * Calls with the same key while one is running share its promise; nothing is kept once it
 * settles, so an answer is never older than the call it joined (docs/display.md "Speed"). Every
 * screen re-reads the summary at once after a new feed item: with many screens on one scope
 * that is a burst of identical requests, computed once.
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    let p = running.get(key);
    if (!p) {
      p = run().finally(() => running.delete(key));
      running.set(key, p);
    }
    return p;
  };
}

/** The dashboard's aggregates for a scope (docs/display.md). */
export async function summary(
  db: Db,
  scope: repo.Scope & { name: string },
  days: number,
  now = Date.now(),
): Promise<DisplaySummary> {
  const today = localDay(now);
  const month = `${today.slice(0, 8)}01`;
  const from = localDay(now - (days - 1) * DAY_MS);
  // Two statements on two pooled connections: display_daily's aggregates and the devices.
  const [{ counts, facets: rows, trend: trendRows }, devices] = await Promise.all([
    repo.daily(db, scope, { today, month, from }),
    repo.devices(db, scope, new Date(now - ONLINE_WINDOW_MS), DEVICE_LIST_MAX),
  ]);
  const of = (facet: string) => rows.filter((r) => r.facet === facet && Number(r.n) > 0);
  const buckets = (facet: string) =>
    of(facet)
      .map((r) => ({ key: r.key, count: Number(r.n) }))
      .sort(largestFirst);

  const patterns = await Promise.all(
    buckets('pattern')
      .slice(0, PATTERNS_SHOWN)
      .map(async (b) => ({ ...b, ...(await nameOf(db, b.key)) })),
  );
  const tongue = new Map(of('tongue').map((r) => [r.key, Number(r.n)]));

  const byDay = new Map(trendRows.map((r) => [r.day, r]));
  const trend = Array.from({ length: days }, (_, i) => {
    const day = localDay(now - (days - 1 - i) * DAY_MS);
    const r = byDay.get(day);
    return { day, count: Number(r?.count ?? 0), high: Number(r?.high ?? 0) };
  });

  const deviceRows = of('device');
  const located = deviceRows.filter((r) => r.key !== '');
  const regions = new Map<string, number>();
  let unknownRegion = 0;
  for (const r of deviceRows) {
    const province = r.key ? provinceOf(r.location) : null;
    if (province) regions.set(province, (regions.get(province) ?? 0) + Number(r.n));
    else unknownRegion += Number(r.n);
  }
  const todayByDevice = new Map(located.map((r) => [r.key, Number(r.today)]));
  const onlineSince = now - ONLINE_WINDOW_MS;

  return {
    scope: { kind: scope.teamId ? 'team' : 'platform', teamId: scope.teamId, name: scope.name },
    timeZone: DISPLAY_TIME_ZONE,
    generatedAt: new Date(now).toISOString(),
    days,
    counts,
    constitution: buckets('constitution'),
    patterns,
    tongue: {
      records: tongue.get('records') ?? 0,
      findings: DISPLAY_TONGUE_FINDINGS.map((key, i) => ({ key, count: tongue.get(String(i)) ?? 0 })).sort(
        largestFirst,
      ),
    },
    risk: buckets('risk'),
    missing: { records: trend.reduce((n, d) => n + d.count, 0), parts: buckets('missing') },
    trend,
    regions: [...regions].map(([key, count]) => ({ key, count })).sort(largestFirst),
    unknownRegion,
    devices: {
      online: devices.online,
      offline: devices.offline,
      disabled: devices.disabled,
      list: devices.list.map((d) => {
        const seen = d.last_seen_at ? new Date(d.last_seen_at) : null;
        return {
          id: d.id,
          name: d.name,
          location: d.location,
          status: !d.enabled ? 'disabled' : seen && seen.getTime() >= onlineSince ? 'online' : 'offline',
          lastSeenAt: seen?.toISOString() ?? null,
          today: todayByDevice.get(d.id) ?? 0,
        };
      }),
    },
  };
}

/**
 * A name as the public screen shows it: the first character, the last when there are three or
 * more, every other character `*` (`张*`, `张*明`, `J********h`). Spaces stay.
 */
export function maskName(name: string | null): string | null {
  const chars = [...(name ?? '').trim()];
  if (!chars.length) return null;
  if (chars.length === 1) return '*';
  return chars.map((c, i) => (i === 0 || (i === chars.length - 1 && chars.length > 2) || c === ' ' ? c : '*')).join('');
}

const RISKS = new Set(['low', 'medium', 'high', 'none']);

export function toFeedItem(r: repo.FeedRow): DisplayFeedItem {
  return {
    id: r.id,
    name: maskName(r.person_name),
    sex: r.person_sex,
    age: r.person_age,
    source: r.source,
    constitution: r.constitution,
    pattern: r.pattern
      ? { id: r.pattern, zh: r.pattern_name?.zh ?? r.pattern, en: r.pattern_name?.en ?? r.pattern }
      : null,
    risk: r.risk && RISKS.has(r.risk) ? (r.risk as DisplayFeedItem['risk']) : null,
    region: provinceOf(r.location),
    finishedAt: new Date(r.finished_at).toISOString(),
  };
}
