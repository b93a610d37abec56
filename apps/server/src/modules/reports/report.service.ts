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

/** Renders a done record's PDF in the asked language (default: the record's own). */
export async function renderRecordReport(
  ctx: AppContext,
  r: RecordRow,
  lang: ReportLanguage | undefined,
): Promise<Buffer> {
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
  try {
    return await renderReport(await recordReportModel(src, lang ?? r.lang));
  } catch (e) {
    if (isEngineError(e))
      throw new AppError(RECORD_ERRORS.REPORT_FAILED, `${e.def[lang ?? r.lang]}`, {
        code: e.code,
        detail: e.detail ?? null,
      });
    throw e;
  }
}
