import {
  ADVICE_CONFIG_ERRORS,
  type AdviceConfigBody,
  type AdvicePreviewBody,
  RECORD_ERRORS,
  type AdviceConfigState,
  type AdviceVersion,
  type TeamAdviceConfig,
  type TeamAdviceEntry,
  hasResults,
} from '@tcm/contract';
import { ADVICE_CATEGORIES, buildAdvice, defaultAdvice } from '@tcm/analysis/advice';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import { findRecord } from '../records/records.repo.js';
import { renderRecordReport } from '../reports/report.service.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../auth/principal.repo.js';
import { sanitizeTranslationText } from '../translation/sanitize.js';
import { assertMayConfigAdvice } from '../teams/team-rules.js';
import * as repo from './advice-config.repo.js';

/** The default texts per key, in the shape a team edits (what a reset goes back to). */
function defaultEntries(): Record<string, TeamAdviceEntry> {
  const out: Record<string, TeamAdviceEntry> = {};
  for (const [key, cats] of defaultAdvice()) {
    const entry: TeamAdviceEntry = {};
    for (const cat of ADVICE_CATEGORIES) {
      const lines = cats[cat];
      if (lines) entry[cat] = lines.map((l) => l.text);
    }
    out[key] = entry;
  }
  return out;
}

const present = (r: repo.AdviceVersionRow): AdviceVersion => ({
  version: r.version,
  action: r.action,
  entries: r.entries ?? null,
  note: r.note ?? null,
  createdBy: r.createdBy ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Keys must be ones the advice engine knows (constitution, pattern and risk ids of the
 * contract's vocabulary, as the default templates name them): an unknown key would never be
 * chosen for a report, so it is refused rather than silently kept. Every line is rich text and
 * goes through the translation allow-list (no scripts, handlers or javascript: links).
 */
function clean(entries: AdviceConfigBody['entries']): Record<string, TeamAdviceEntry> {
  const known = defaultAdvice();
  const out: Record<string, TeamAdviceEntry> = {};
  for (const [key, entry] of Object.entries(entries)) {
    if (!known.has(key)) throw new AppError(ADVICE_CONFIG_ERRORS.KEY_UNKNOWN, undefined, { key });
    const e: TeamAdviceEntry = { ...entry };
    for (const cat of ADVICE_CATEGORIES) {
      const lines = entry[cat];
      if (lines) e[cat] = lines.map((l) => ({ zh: sanitizeTranslationText(l.zh), en: sanitizeTranslationText(l.en) }));
    }
    out[key] = e;
  }
  return out;
}

export async function state(db: Db, u: UserRow): Promise<AdviceConfigState> {
  const teamId = assertMayConfigAdvice(u);
  const history = (await repo.listVersions(db, teamId)).map(present);
  return { current: history[0] ?? null, defaults: defaultEntries(), history };
}

export async function save(db: Db, u: UserRow, body: AdviceConfigBody): Promise<AdviceVersion> {
  const teamId = assertMayConfigAdvice(u);
  const entries = clean(body.entries);
  return present(
    await repo.addVersion(db, { teamId, action: 'save', entries, note: body.note ?? null, createdBy: u.id }),
  );
}

export async function reset(db: Db, u: UserRow): Promise<AdviceVersion> {
  const teamId = assertMayConfigAdvice(u);
  return present(await repo.addVersion(db, { teamId, action: 'reset', entries: null, note: null, createdBy: u.id }));
}

/** Restoring adds a new version with the old entries: history only grows, so records stay traceable. */
export async function restore(db: Db, u: UserRow, version: number): Promise<AdviceVersion> {
  const teamId = assertMayConfigAdvice(u);
  const old = await repo.findVersion(db, teamId, version);
  if (!old) throw new AppError(ADVICE_CONFIG_ERRORS.VERSION_NOT_FOUND);
  return present(
    await repo.addVersion(db, {
      teamId,
      action: 'restore',
      entries: old.entries,
      note: `v${old.version}`,
      createdBy: u.id,
    }),
  );
}

/**
 * What the analysis job hands the pipeline for a team's record: the version in force now,
 * labelled `v<N>` so the record's advice.teamConfig reads `<teamId>@v<N>`. Undefined (the
 * defaults) for no team, no saved version, or a reset.
 */
export async function configForTeam(db: Db, teamId: string | null): Promise<TeamAdviceConfig | undefined> {
  if (!teamId) return undefined;
  const v = await repo.latestVersion(db, teamId);
  if (!v?.entries) return undefined;
  return { teamId, version: `v${v.version}`, entries: v.entries };
}

/**
 * The team version a record's advice was made with, from the label the advice engine stored
 * (`teamConfig`: "<teamId>@v<n>"), so a re-run of its synthesis (the trend repair) keeps the
 * record's own version rather than the team's current one or the defaults. A label that names no
 * stored version (a reset, or defaults) gives undefined: the defaults, as when it was made.
 */
export async function configOfLabel(db: Db, label: string | null | undefined): Promise<TeamAdviceConfig | undefined> {
  const m = /^(.+)@v(\d+)$/.exec(label ?? '');
  if (!m) return undefined;
  const [teamId, n] = [m[1]!, Number(m[2])];
  const v = await repo.findVersion(db, teamId, n).catch(() => undefined); // a malformed team id
  if (!v?.entries) return undefined;
  return { teamId, version: `v${n}`, entries: v.entries };
}

/**
 * The PDF of one of the team's done records as it would read with the draft entries (nothing is
 * saved): the stored patterns, constitution and vitals go through the advice engine again with
 * the draft, and only the record's advice is replaced.
 */
export async function preview(ctx: AppContext, u: UserRow, body: AdvicePreviewBody): Promise<Buffer> {
  const teamId = assertMayConfigAdvice(u);
  const entries = clean(body.entries);
  const r = body.recordId ? await findRecord(ctx.db, body.recordId) : await repo.newestDoneRecord(ctx.db, teamId);
  if (!r) throw new AppError(RECORD_ERRORS.RECORD_NOT_FOUND);
  if (r.teamId !== teamId) throw new AppError(ADVICE_CONFIG_ERRORS.RECORD_NOT_IN_TEAM);
  const synthesis = r.results.synthesis;
  if (!hasResults(r.status) || synthesis?.status !== 'done') throw new AppError(RECORD_ERRORS.RECORD_NOT_READY);
  const s = synthesis.result;
  const advice = buildAdvice(s.patterns, s.constitution?.summary ?? null, s.vitals?.indicators ?? [], {
    teamId,
    version: 'preview',
    entries,
  });
  const results = { ...r.results, synthesis: { ...synthesis, result: { ...s, advice } } };
  return renderRecordReport(ctx, { ...r, results }, body.lang);
}
