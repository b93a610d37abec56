import {
  conclusionText,
  type HomeRecord,
  type MemberHome,
  type TeamRecordsQuery,
  type TeamStats,
  type WordLang,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../auth/principal.repo.js';
import * as home from './home.repo.js';
import { assertLeader } from './team-rules.js';

const DAY_MS = 86_400_000;
/** Days until the next suggested check by the latest risk level (docs/member.md "Home"). */
export const CHECK_INTERVAL_DAYS = { high: 7, medium: 14, other: 30 } as const;
/** A member with no own check for this many days is overdue. */
export const OVERDUE_DAYS = 30;
/** Window of the team's distributions: the records of the last 90 days. */
export const STATS_WINDOW_DAYS = 90;
/** Most records one statistics call reads (a big team's quarter still fits in memory). */
const STATS_MAX_RECORDS = 20_000;
const DRILL_MAX_RECORDS = 200;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' ? (v as Obj) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Main constitution letter: the first biased type judged 是, else 平和 (A) when balanced, else the first tendency. */
function constitutionOf(c: unknown): string | null {
  const summary = obj(obj(c)?.summary);
  if (!summary) return null;
  const types = Array.isArray(summary.types) ? summary.types : [];
  const tendencies = Array.isArray(summary.tendencies) ? summary.tendencies : [];
  if (str(types[0])) return types[0] as string;
  if (summary.balanced === 'yes' || summary.balanced === 'basically_yes') return 'A';
  return str(tendencies[0]) ?? null;
}

function scoresOf(c: unknown): Record<string, number> {
  const scales = obj(c)?.scales;
  const out: Record<string, number> = {};
  if (!Array.isArray(scales)) return out;
  for (const s of scales) {
    const code = str(obj(s)?.code);
    const v = obj(s)?.display;
    if (code && typeof v === 'number') out[code] = v;
  }
  return out;
}

function patternOf(p: unknown): HomeRecord['pattern'] {
  const id = str(obj(p)?.id);
  const name = obj(obj(p)?.name);
  if (!id) return null;
  return { id, zh: str(name?.zh) ?? id, en: str(name?.en) ?? id };
}

/** Highest vitals risk; `none` when vitals were measured but no indicator was rated; null = no vitals. */
function riskOf(v: unknown): HomeRecord['risk'] {
  const vitals = obj(v);
  if (!vitals) return null;
  const overall = str(vitals.overall);
  return overall === 'low' || overall === 'medium' || overall === 'high' ? overall : 'none';
}

/** A home-page record; its conclusion (stored as an id) worded in the reader's language. */
export function toHomeRecord(r: home.FacetRow, lang: WordLang): HomeRecord {
  return {
    id: r.id,
    shareToken: r.shareToken,
    personName: r.personName,
    createdAt: r.createdAt.toISOString(),
    conclusion: conclusionText(r.conclusion, lang),
    constitution: constitutionOf(r.constitution),
    pattern: patternOf(r.pattern),
    risk: riskOf(r.vitals),
    scores: scoresOf(r.constitution),
  };
}

export function nextCheck(last: HomeRecord | undefined): string | null {
  if (!last) return null;
  const days =
    last.risk === 'high' || last.risk === 'medium' ? CHECK_INTERVAL_DAYS[last.risk] : CHECK_INTERVAL_DAYS.other;
  return new Date(Date.parse(last.createdAt) + days * DAY_MS).toISOString();
}

/** A member's own side of the home page: the latest results, trends and the next check. */
export async function memberHome(db: Db, me: UserRow, lang: WordLang): Promise<MemberHome> {
  const rows = (await home.ownRecords(db, me.id, 20)).map((r) => toHomeRecord(r, lang));
  return {
    latest: rows.slice(0, 5),
    trend: [...rows].reverse(),
    lastCheckAt: rows[0]?.createdAt ?? null,
    nextCheckAt: nextCheck(rows[0]),
  };
}

function countBy<T>(items: T[], key: (t: T) => string | null): Map<string, number> {
  const m = new Map<string, number>();
  for (const it of items) {
    const k = key(it);
    if (k) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}
const buckets = (m: Map<string, number>) =>
  [...m].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));

/** The leader's side: the team statistics of docs/member.md "Home". */
export async function teamStats(db: Db, me: UserRow, lang: WordLang): Promise<TeamStats> {
  const teamId = assertLeader(me);
  const now = Date.now();
  const rows = (
    await home.teamRecordsSince(db, teamId, new Date(now - STATS_WINDOW_DAYS * DAY_MS), STATS_MAX_RECORDS)
  ).map((r) => toHomeRecord(r, lang));
  const since = (days: number) => rows.filter((r) => Date.parse(r.createdAt) >= now - days * DAY_MS).length;
  const names = new Map<string, { zh: string; en: string }>();
  for (const r of rows) if (r.pattern) names.set(r.pattern.id, r.pattern);
  const members = await home.teamUsers(db, teamId);
  const last = await home.lastChecks(
    db,
    members.map((m) => m.id),
  );
  const overdue = members
    .filter((m) => (last.get(m.id)?.getTime() ?? 0) < now - OVERDUE_DAYS * DAY_MS)
    .map((m) => ({ id: m.id, name: m.name, lastCheckAt: last.get(m.id)?.toISOString() ?? null }));
  return {
    members: members.length,
    week: since(7),
    month: since(30),
    constitution: buckets(countBy(rows, (r) => r.constitution)),
    patterns: buckets(countBy(rows, (r) => r.pattern?.id ?? null)).map((b) => ({ ...b, ...names.get(b.key)! })),
    risk: buckets(countBy(rows, (r) => r.risk)),
    overdue,
    overdueDays: OVERDUE_DAYS,
  };
}

/** The records behind one chart segment (each chart is clickable through to these). */
export async function teamRecordsOf(db: Db, me: UserRow, q: TeamRecordsQuery, lang: WordLang): Promise<HomeRecord[]> {
  const teamId = assertLeader(me);
  const now = Date.now();
  const windowDays = q.facet === 'week' ? 7 : q.facet === 'month' ? 30 : STATS_WINDOW_DAYS;
  const since = new Date(q.facet === 'member' ? 0 : now - windowDays * DAY_MS);
  const extra = q.facet === 'member' && q.key ? home.aboutMember(q.key) : undefined;
  if (q.facet === 'member' && !q.key) return [];
  const rows = (await home.teamRecordsSince(db, teamId, since, STATS_MAX_RECORDS, extra)).map((r) =>
    toHomeRecord(r, lang),
  );
  const match: Record<TeamRecordsQuery['facet'], (r: HomeRecord) => boolean> = {
    week: () => true,
    month: () => true,
    member: () => true,
    constitution: (r) => r.constitution === q.key,
    pattern: (r) => r.pattern?.id === q.key,
    risk: (r) => r.risk === q.key,
  };
  return rows.filter(match[q.facet]).slice(0, DRILL_MAX_RECORDS);
}
