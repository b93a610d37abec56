import { eq } from 'drizzle-orm';
import { EngineError, RECORD_ERRORS, type ReportLanguage, type SiteSettings, hasResults } from '@tcm/contract';
import { renderReport } from '@tcm/report';
import { isEngineError } from '@tcm/analysis/common';
import type { AppContext } from '../../context.js';
import { teams } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { filesByIds } from '../files/files.service.js';
import { recordReportModel, type ReportSource } from '@tcm/report';
import type { RecordRow } from '../records/records.repo.js';
import { readSiteSettings } from '../content/settings.service.js';

/**
 * What the reports of one batch look up alike: the organisation's settings and team names. The
 * ZIP reads each once for all its reports instead of twice a report (`batchLookups`); a single
 * report makes its own.
 */
export interface ReportLookups {
  settings(): Promise<SiteSettings>;
  teamName(teamId: string): Promise<string | undefined>;
}

/** Lookups that remember their answers for one batch (a ZIP: seconds to a few minutes). */
export function batchLookups(ctx: AppContext): ReportLookups {
  let settings: Promise<SiteSettings> | undefined;
  const names = new Map<string, Promise<string | undefined>>();
  return {
    settings: () => (settings ??= readSiteSettings(ctx.db)),
    teamName: (teamId) => {
      let name = names.get(teamId);
      if (!name) {
        name = ctx.db
          .select({ name: teams.name })
          .from(teams)
          .where(eq(teams.id, teamId))
          .then((x) => x[0]?.name);
        names.set(teamId, name);
      }
      return name;
    },
  };
}

/** The report model of a done record (photos and pulse file read from storage). */
async function recordModel(
  ctx: AppContext,
  r: RecordRow,
  lang: ReportLanguage | undefined,
  lookups: ReportLookups = batchLookups(ctx),
) {
  if (!hasResults(r.status)) throw new AppError(RECORD_ERRORS.RECORD_NOT_READY);
  const files = await filesByIds(
    ctx.db,
    Object.values(r.files).filter((x): x is string => !!x),
  );
  const bytesOf = async (slot: 'tongue' | 'face' | 'pulse') => {
    const f = files.find((x) => x.id === r.files[slot]);
    const bytes = f ? await ctx.storage.get(f.storageKey) : null;
    return f && bytes ? { bytes, name: f.name } : undefined;
  };
  const teamName = r.teamId ? await lookups.teamName(r.teamId) : undefined;
  const [tongue, face, pulse] = await Promise.all([bytesOf('tongue'), bytesOf('face'), bytesOf('pulse')]);
  // The organisation's settings (docs/site.md): its name where the record has no team, its footer line.
  const settings = await lookups.settings();
  const reportLang = lang ?? r.lang;
  const src: ReportSource = {
    id: r.id,
    createdAt: r.createdAt,
    person: { name: r.personName, sex: r.personSex, age: r.personAge },
    organisation: teamName ?? (settings.orgName[reportLang] || null),
    footer: settings.reportFooter[reportLang],
    results: r.results,
    photos: { tongue: tongue?.bytes, face: face?.bytes },
    pulseFile: pulse,
  };
  return recordReportModel(src, lang ?? r.lang);
}

/**
 * An engine error of the renderer is the report's failure, REPORT_FAILED, with the renderer's
 * own code and text; the error handler answers it (in the reader's language).
 */
function reportFailed(e: unknown): unknown {
  if (isEngineError(e))
    return new EngineError(
      RECORD_ERRORS.REPORT_FAILED,
      { code: e.code, detail: e.detail ?? null },
      'en',
      e.texts ?? { zh: e.def.zh, en: e.def.en },
      e.kind ?? 'render',
    );
  return e;
}

/** Renders a done record's PDF in the asked language (default: the record's own). */
export async function renderRecordReport(
  ctx: AppContext,
  r: RecordRow,
  lang: ReportLanguage | undefined,
): Promise<Buffer> {
  try {
    return await renderReport(await recordModel(ctx, r, lang));
  } catch (e) {
    throw reportFailed(e);
  }
}

/** Time one PDF may take in an engine child before the child is stopped. */
const POOL_REPORT_TIMEOUT_MS = 60_000;

/**
 * The same PDF rendered in an engine child (jobs/engine-pool.ts): for batches (the ZIP), whose
 * hundreds of renders would otherwise hold the API thread, and which run one per child at once.
 */
export async function renderRecordReportInPool(
  ctx: AppContext,
  r: RecordRow,
  lang: ReportLanguage | undefined,
  lookups?: ReportLookups,
): Promise<Buffer> {
  const model = await recordModel(ctx, r, lang, lookups);
  const pdf = await ctx.engines.run(
    { kind: 'report', model },
    // Not refused as busy: the ZIP keeps at most one render per child waiting.
    { timeoutMs: POOL_REPORT_TIMEOUT_MS, bounded: false },
  );
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
