import { eq } from 'drizzle-orm';
import { RECORD_ERRORS, type ReportLanguage } from '@tcm/contract';
import { renderReport } from '@tcm/report';
import { isEngineError } from '@tcm/analysis/common';
import type { AppContext } from '../../context.js';
import { teams } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { filesByIds } from '../files/files.service.js';
import { recordReportModel, type ReportSource } from '@tcm/report';
import type { RecordRow } from '../records/records.repo.js';
import { readSiteSettings } from '../content/settings.service.js';

/** The report model of a done record (photos and pulse file read from storage). */
async function recordModel(ctx: AppContext, r: RecordRow, lang: ReportLanguage | undefined) {
  if (r.status !== 'done') throw new AppError(RECORD_ERRORS.RECORD_NOT_READY);
  const files = await filesByIds(
    ctx.db,
    Object.values(r.files).filter((x): x is string => !!x),
  );
  const bytesOf = async (slot: 'tongue' | 'face' | 'pulse') => {
    const f = files.find((x) => x.id === r.files[slot]);
    const bytes = f ? await ctx.storage.get(f.storageKey) : null;
    return f && bytes ? { bytes, name: f.name } : undefined;
  };
  const team = r.teamId
    ? await ctx.db
        .select({ name: teams.name })
        .from(teams)
        .where(eq(teams.id, r.teamId))
        .then((x) => x[0])
    : undefined;
  const [tongue, face, pulse] = await Promise.all([bytesOf('tongue'), bytesOf('face'), bytesOf('pulse')]);
  // The organisation's settings (docs/site.md): its name where the record has no team, its footer line.
  const settings = await readSiteSettings(ctx.db);
  const reportLang = lang ?? r.lang;
  const src: ReportSource = {
    id: r.id,
    createdAt: r.createdAt,
    person: { name: r.personName, sex: r.personSex, age: r.personAge },
    organisation: team?.name ?? (settings.orgName[reportLang] || null),
    footer: settings.reportFooter[reportLang],
    results: r.results,
    photos: { tongue: tongue?.bytes, face: face?.bytes },
    pulseFile: pulse,
  };
  return recordReportModel(src, lang ?? r.lang);
}

/** An engine error of the renderer as the API's REPORT_FAILED in the report's language. */
function reportFailed(e: unknown, r: RecordRow, lang: ReportLanguage | undefined): unknown {
  if (isEngineError(e))
    return new AppError(RECORD_ERRORS.REPORT_FAILED, `${e.def[lang ?? r.lang]}`, {
      code: e.code,
      detail: e.detail ?? null,
    });
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
    throw reportFailed(e, r, lang);
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
): Promise<Buffer> {
  const model = await recordModel(ctx, r, lang);
  const pdf = await ctx.engines.run(
    { kind: 'report', model },
    // Not refused as busy: the ZIP keeps at most one render per child waiting.
    { timeoutMs: POOL_REPORT_TIMEOUT_MS, bounded: false },
  );
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
