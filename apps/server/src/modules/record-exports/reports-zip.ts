import { once } from 'node:events';
import archiver from 'archiver';
import { and, count, desc, inArray, type SQL } from 'drizzle-orm';
import {
  clinicDay,
  RECORD_EXPORT_ERRORS,
  ZIP_MAX_REPORTS,
  type ReportLanguage,
  type recordZipBodySchema,
  RESULT_STATUSES,
} from '@tcm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { recordsTable } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { scopeWhere, visibleWhere } from '../records/access.js';
import { findRecord } from '../records/records.repo.js';
import { countListed, exportRows, listCondition } from '../records/records.service.js';
import { batchLookups, renderRecordReportInPool, type ReportLookups } from '../reports/report.service.js';
import { afterRow } from './records-xlsx.js';

export type ZipBody = z.infer<typeof recordZipBodySchema>;

/** Ids are read this many at a time: the only list the ZIP keeps in memory. */
const ID_PAGE = 100;
/** Reports in flight per engine child (the window below). */
const RENDERS_PER_CHILD = 2;

/**
 * Which done records the ZIP holds. Ticked ids must all be records the caller may see (else 403
 * before anything is sent: another team's record is refused, not skipped); otherwise the list's
 * filter. The scope is checked either way (deviceRecord is for leaders).
 */
export async function zipSelection(ctx: AppContext, p: Principal, body: ZipBody, readerLang: ReportLanguage) {
  scopeWhere(p, body.scope);
  let cond;
  if (body.ids) {
    const ids = [...new Set(body.ids)];
    const seen = await ctx.db
      .select({ n: count() })
      .from(recordsTable)
      .where(and(inArray(recordsTable.id, ids), visibleWhere(p)));
    if ((seen[0]?.n ?? 0) !== ids.length) throw new AppError(RECORD_EXPORT_ERRORS.EXPORT_FORBIDDEN);
    cond = and(inArray(recordsTable.id, ids), inArray(recordsTable.status, [...RESULT_STATUSES]));
  } else cond = and(listCondition(p, body, readerLang), inArray(recordsTable.status, [...RESULT_STATUSES]));
  const n = await countListed(ctx, cond);
  if (n === 0) throw new AppError(RECORD_EXPORT_ERRORS.ZIP_EMPTY);
  if (n > ZIP_MAX_REPORTS) throw new AppError(RECORD_EXPORT_ERRORS.ZIP_TOO_MANY, undefined, { total: n });
  return { cond, total: n };
}

/** A file name without path separators or characters some unzip tools refuse. */
const safe = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 40);

/** `YYYY-MM-DD_name_id8.pdf` (the clinic's day): sorted by date in any file manager, unique by the id. */
export const entryName = (r: { id: string; createdAt: Date; personName: string | null }) =>
  `${clinicDay(r.createdAt)}_${safe(r.personName ?? 'record')}_${r.id.slice(0, 8)}.pdf`;

type Listed = { id: string; createdAt: Date; personName: string | null };

/** A render started ahead of its turn; it settles to the PDF or to the error text. */
const startRender = (ctx: AppContext, r: Listed, lang: ReportLanguage | undefined, lookups: ReportLookups) =>
  findRecord(ctx.db, r.id)
    .then((row) => renderRecordReportInPool(ctx, row!, lang, lookups))
    .then(
      (pdf) => ({ r, pdf }),
      (e: Error) => ({ r, error: e.message }),
    );

/**
 * Streams the selected reports as one ZIP (stored, not deflated: PDFs are compressed already).
 * Constant memory: ids come a page at a time; the PDFs render in the engine children, two per
 * child in flight (a window that moves on one report at a time), and each is handed
 * to the archive only after the previous one left it (its `entry` event), which waits while the
 * client reads slowly (the piped response's back-pressure). At any moment the server holds at
 * most `window + 1` PDFs. A report that fails to render becomes a short `…-error.txt` entry: the
 * response has begun, so the ZIP goes on rather than breaking off.
 */
export function streamReportsZip(
  ctx: AppContext,
  cond: SQL | undefined,
  lang: ReportLanguage | undefined,
  onDone: (written: number, failed: number) => void,
) {
  const zip = archiver('zip', { store: true });
  // Aborted when the client goes away: the waits below end and no further PDF is started.
  const stop = new AbortController();
  zip.on('close', () => stop.abort());
  // Two renders per engine child: while a child draws one PDF, the API thread reads the next
  // record and its photos and queues it, so the child never waits for its next job.
  const window = Math.max(1, ctx.engines.size) * RENDERS_PER_CHILD;
  // Settings and team names are read once for the whole ZIP, not twice a report.
  const lookups = batchLookups(ctx);
  const produce = async () => {
    let written = 0;
    let failed = 0;
    let last: Listed | undefined;
    const inFlight: ReturnType<typeof startRender>[] = [];
    const pages = async function* () {
      for (;;) {
        const page = await exportRows(ctx)
          .where(and(cond, afterRow(last)))
          .orderBy(desc(recordsTable.createdAt), desc(recordsTable.id))
          .limit(ID_PAGE);
        yield* page;
        last = page.at(-1);
        if (page.length < ID_PAGE) return;
      }
    };
    const drainOne = async () => {
      const done = await inFlight.shift()!;
      const entry = once(zip, 'entry', { signal: stop.signal });
      if ('pdf' in done) {
        zip.append(done.pdf, { name: entryName(done.r) });
        written++;
      } else {
        zip.append(`${done.error}\n`, { name: entryName(done.r).replace(/\.pdf$/, '-error.txt') });
        failed++;
      }
      await entry;
    };
    for await (const r of pages()) {
      if (stop.signal.aborted) return;
      inFlight.push(startRender(ctx, r, lang, lookups));
      if (inFlight.length >= window) await drainOne();
    }
    while (inFlight.length) await drainOne();
    await zip.finalize();
    onDone(written, failed);
  };
  produce().catch((e: Error) => {
    if (!stop.signal.aborted) zip.destroy(e);
  });
  return {
    zip,
    abort: () => {
      stop.abort();
      zip.abort();
    },
  };
}
