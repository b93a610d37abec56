import { and, eq, inArray, sql } from 'drizzle-orm';
import { conclusionIdOf, doneResult, type EngineOutcome, type RecordResults } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { recordsTable } from '../../db/schema/index.js';
import { storedFindings } from '@tcm/analysis/pipeline';
import { runStep, synthesisStep, vitalsStep } from '@tcm/analysis/pipeline';
import { audit, trendHistory, type RecordRow, type TrendPoint } from './records.repo.js';
import { configOfLabel } from '../advice-config/advice-config.service.js';

/**
 * One-time repair of issue 24 item 1 (docs/security.md §1, "Records analyzed before the fix"):
 * before the fix the worker built a record's trend history from the same name and phone (or both
 * without a phone) across every owner, so the stored vitals and synthesis results of such records
 * may hold another doctor's or team's readings. This finds them and recomputes those two outcomes
 * in place with the scoped history (records.repo.ts `trendHistory`).
 *
 * In place, not through the queue: `claimRecord` and `markRetry` blank `results` until the new
 * ones are saved (the record would show nothing meanwhile), `markRetry` takes failed records
 * only, and a full re-run would redo the photo engines (a new tongue mask file) for nothing:
 * the history reaches only the vitals engine and, through it, the synthesis (their `trends`).
 */
export const RESCOPE_TRENDS = 'rescope-trends';

/**
 * Both sides of a pair: `r` a finished record whose vitals engine ran, `e` an earlier record with
 * vitals whose reading is in r's stored vitals trends (a point dated e's creation time, as the
 * worker wrote it: `toISOString()`). The synthesis' trends are the same engine's on the same
 * history, so the vitals outcome's tell for both.
 */
const PAIR = sql`
  r.status in ('done', 'partial', 'failed') and r.results -> 'vitals' ->> 'status' = 'done'
  and e.id <> r.id and e.created_at < r.created_at
  and jsonb_typeof(e.vitals) = 'object' and e.vitals <> '{}'::jsonb
  and jsonb_path_exists(r.results -> 'vitals' -> 'result', '$.trends[*].points[*] ? (@.date == $d)',
        jsonb_build_object('d', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;

/**
 * A prefilter only (the scoped `trendHistory` decides): `e` may lie outside what samePerson
 * groups with `r` now: `r` a visitor's, `e` outside r's owner scope (its team, else its maker's
 * team-less records; an unknown team or maker counts as outside), or `e` about a member while
 * `r` is not.
 */
const MAYBE_OUT_OF_SCOPE = sql`not (
    r.source <> 'visitor'
    and coalesce(case when r.team_id is not null then e.team_id = r.team_id
                      when r.owner_user_id is not null then e.team_id is null and e.owner_user_id = r.owner_user_id
                      else false end, false)
    and (r.subject_user_id is not null or e.subject_user_id is null))`;

/**
 * For each finished record whose vitals engine ran, the earlier records with vitals that the
 * worker before the fix put into its history, whose reading its stored trends hold, and that may
 * be out of its scope now. The old
 * grouping (records.repo.ts `samePerson` before commit cb01771, as SQL): the member's records
 * across every team when the record is about a member, else the same name and phone (or both
 * without one; an empty phone counted as none) among the records of the same team, or of no team
 * at all (and of the same device for a device record without a team), visitors' excepted. Its
 * 200-row cap is left out: a few more candidates only. Two equality joins, not one join on an
 * OR, so a large table is hashed, not compared pair by pair.
 */
const OLD_HISTORY = sql`
  select id, array_agg(eid) as old_ids from (
    select r.id, e.id::text as eid
    from diagnosis_record r join diagnosis_record e on e.subject_user_id = r.subject_user_id
    where ${PAIR} and ${MAYBE_OUT_OF_SCOPE}
    union all
    select r.id, e.id::text
    from diagnosis_record r join diagnosis_record e on e.person_name = r.person_name
    where ${PAIR} and ${MAYBE_OUT_OF_SCOPE}
      and r.subject_user_id is null and r.person_name <> ''
      and e.team_id is not distinct from r.team_id
      and (r.device_id is null or r.team_id is not null or e.device_id = r.device_id)
      and case when coalesce(r.person_phone, '') <> '' then e.person_phone = r.person_phone
               else e.person_phone is null end
      and e.source <> 'visitor'
  ) pairs
  group by id`;

export interface AffectedRecord {
  id: string;
  /** Readings in its stored trends from records outside its person's scope. */
  foreignPoints: number;
}

export interface MaintenanceLog {
  info(msg: string): void;
  warn(msg: string): void;
}

type Trends = { points: { date: string }[] }[] | undefined;

/** The dates of every point in a record's stored trends (vitals, synthesis and its vitals). */
function storedTrendDates(results: RecordResults): string[] {
  const v = doneResult(results, 'vitals');
  const s = doneResult(results, 'synthesis');
  const all: Trends[] = [v?.trends, s?.trends, s?.vitals?.trends];
  return all.flatMap((t) => (t ?? []).flatMap((x) => x.points.map((p) => p.date)));
}

/**
 * The points of a record's stored trends that are neither its own reading nor one of its
 * scoped history's: the other owners' readings. Zero once repaired, so a second run finds nothing.
 */
function foreignPointsOf(r: RecordRow, history: TrendPoint[]): number {
  const allowed = new Set([r.createdAt.toISOString(), ...history.map((h) => h.date)]);
  return storedTrendDates(r.results).filter((d) => !allowed.has(d)).length;
}

/** A candidate of OLD_HISTORY with its scoped history, when the old one held a record the new one excludes. */
async function checkCandidate(db: Db, r: RecordRow, oldIds: string[]) {
  const history = await trendHistory(db, r);
  const kept = new Set(history.map((h) => h.id));
  if (oldIds.every((id) => kept.has(id))) return undefined;
  const foreignPoints = foreignPointsOf(r, history);
  return foreignPoints ? { history, foreignPoints } : undefined;
}

/** The vitals and synthesis outcomes a fresh analysis of `r` with `history` stores, and the record's new state. */
async function recompute(db: Db, r: RecordRow, history: TrendPoint[]) {
  const stored = r.results.synthesis;
  const input = {
    sex: r.personSex ?? undefined,
    date: r.createdAt.toISOString(),
    history: history.map(({ date, vitals }) => ({ date, vitals })),
    // The advice version the record was made with (a team's later edit must not reach it).
    adviceConfig: await configOfLabel(
      db,
      stored?.status === 'done' && stored.engine === 'synthesis' ? stored.result.advice.teamConfig : null,
    ),
  };
  const vitals = await runStep(vitalsStep(input, r.vitals!), r.lang);
  const out: { vitals: EngineOutcome; synthesis?: EngineOutcome } = { vitals: vitals.outcome };
  // A record stopped before its synthesis (failed) gets none now either.
  if (!r.results.synthesis) return { outcomes: out, set: {} };
  const from = {
    findings: storedFindings(r.results),
    inquiry: r.results.constitution?.status === 'done' ? r.inquiry : null,
    vitals: vitals.outcome.status === 'done' ? r.vitals : null,
  };
  const synthesis = (await runStep(synthesisStep(input, from), r.lang)).outcome;
  out.synthesis = synthesis;
  if (r.status !== 'done') return { outcomes: out, set: {} };
  // As the worker decides: a synthesis that fails fails the record.
  if (synthesis.status === 'failed')
    return { outcomes: out, set: { status: 'failed' as const, failure: synthesis.error ?? null } };
  return {
    outcomes: out,
    set: { conclusion: conclusionIdOf(synthesis.engine === 'synthesis' ? synthesis.result : undefined) },
  };
}

/** The records OLD_HISTORY finds, each with its old history's possibly out-of-scope record ids. */
export async function oldHistoryCandidates(db: Db): Promise<{ id: string; old_ids: string[] }[]> {
  return (await db.execute(OLD_HISTORY)).rows as { id: string; old_ids: string[] }[];
}

/** Finished records whose stored trends hold other owners' readings (read only). */
export async function findAffected(db: Db): Promise<(AffectedRecord & { history: TrendPoint[] })[]> {
  const rows = await oldHistoryCandidates(db);
  const out: (AffectedRecord & { history: TrendPoint[] })[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const batch = rows.slice(i, i + 100);
    const records = await db
      .select()
      .from(recordsTable)
      .where(
        inArray(
          recordsTable.id,
          batch.map((b) => b.id),
        ),
      );
    for (const r of records) {
      const hit = await checkCandidate(db, r, batch.find((b) => b.id === r.id)!.old_ids);
      if (hit) out.push({ id: r.id, ...hit });
    }
  }
  return out;
}

/**
 * Recomputes the vitals and synthesis outcomes of every affected record with its scoped history,
 * leaving its inputs, other outcomes, files and finish time as they are; each repair is audited
 * (`record.trends.rescoped`). `dryRun`: lists the affected records and changes nothing.
 * Idempotent: a repaired record has no foreign reading left and is not found again.
 */
export async function rescopeTrends(
  db: Db,
  log: MaintenanceLog,
  opts: { dryRun?: boolean } = {},
): Promise<{ affected: AffectedRecord[]; repaired: string[] }> {
  const affected = await findAffected(db);
  const list = affected.map(({ id, foreignPoints }) => ({ id, foreignPoints }));
  if (opts.dryRun || !affected.length) {
    log.info(
      `${RESCOPE_TRENDS}: ${affected.length} record(s) with other owners' readings in their trends${opts.dryRun ? ' (dry run, nothing changed)' : ''}${affected.length ? `: ${affected.map((a) => a.id).join(', ')}` : ''}`,
    );
    return { affected: list, repaired: [] };
  }
  const repaired: string[] = [];
  for (const a of affected) {
    const done = await db.transaction(async (tx) => {
      // Locked and read again: a retry or a new analysis since the scan wins (it recomputes anyway).
      const [r] = await tx
        .select()
        .from(recordsTable)
        .where(and(eq(recordsTable.id, a.id), inArray(recordsTable.status, ['done', 'partial', 'failed'])))
        .for('update');
      if (!r?.vitals || !r.results.vitals) return false;
      const history = await trendHistory(tx, r);
      if (!foreignPointsOf(r, history)) return false;
      const { outcomes, set } = await recompute(db, r, history);
      await tx
        .update(recordsTable)
        .set({
          ...set,
          results: sql`${recordsTable.results} || ${JSON.stringify(outcomes)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(recordsTable.id, r.id));
      await audit(tx, {
        action: 'record.trends.rescoped',
        targetId: r.id,
        detail: { maintenance: RESCOPE_TRENDS, removedPoints: a.foreignPoints },
      });
      return true;
    });
    if (done) repaired.push(a.id);
  }
  log.warn(
    `${RESCOPE_TRENDS}: repaired ${repaired.length} record(s) whose trends held other owners' readings: ${repaired.join(', ')}`,
  );
  return { affected: list, repaired };
}
