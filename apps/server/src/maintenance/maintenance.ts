import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { maintenanceRuns } from '../db/schema/index.js';
import { RESCOPE_TRENDS, rescopeTrends, type MaintenanceLog } from '../modules/records/rescope-trends.js';
import {
  addConsoleAdminMenus,
  addDoctorApprovalMenus,
  CONSOLE_ADMIN_MENUS,
  DOCTOR_APPROVAL_MENUS,
} from './console-admin-menus.js';
import { addSiteContent, SITE_CONTENT } from './site-content.js';
import { addAuditMenu, AUDIT_MENU } from './audit-menu.js';
import { replaceProjectFileSources, SITE_SOURCES } from './site-sources.js';
import { addViewButtons, VIEW_BUTTONS } from './view-buttons.js';
import { addTrainingStarter, TRAINING_STARTER } from '../modules/training/training.starter.js';
import { addPlatformConsole, PLATFORM_CONSOLE } from './platform-console.js';
import { addOrganizationConsole, ORGANIZATION_CONSOLE } from './organization-console.js';
import { addSeedTranslations, TRANSLATION_SEED } from './translation-seed.js';
import { addFooterPages, FOOTER_PAGES_REPAIR } from './footer-pages.js';

export type { MaintenanceLog };

/** A one-time repair: answers what it did (counts, saved in `maintenance_runs.detail`). */
type Task = (db: Db, log: MaintenanceLog, opts: { dryRun: boolean }) => Promise<Record<string, unknown>>;

/** Every one-time repair, in the order the server start runs them (docs/server.md). */
export const MAINTENANCE_TASKS: Record<string, Task> = {
  [RESCOPE_TRENDS]: async (db, log, opts) => {
    const r = await rescopeTrends(db, log, opts);
    return { affected: r.affected.length, repaired: r.repaired.length };
  },
  [CONSOLE_ADMIN_MENUS]: (db, _log, opts) => addConsoleAdminMenus(db, opts),
  [SITE_CONTENT]: (db, _log, opts) => addSiteContent(db, opts),
  [DOCTOR_APPROVAL_MENUS]: (db, _log, opts) => addDoctorApprovalMenus(db, opts),
  [AUDIT_MENU]: (db, _log, opts) => addAuditMenu(db, opts),
  [VIEW_BUTTONS]: (db, _log, opts) => addViewButtons(db, opts),
  [SITE_SOURCES]: (db, _log, opts) => replaceProjectFileSources(db, opts),
  [TRAINING_STARTER]: (db, _log, opts) => addTrainingStarter(db, opts),
  [PLATFORM_CONSOLE]: (db, _log, opts) => addPlatformConsole(db, opts),
  [ORGANIZATION_CONSOLE]: (db, _log, opts) => addOrganizationConsole(db, opts),
  [TRANSLATION_SEED]: (db, _log, opts) => addSeedTranslations(db, opts),
  [FOOTER_PAGES_REPAIR]: (db, _log, opts) => addFooterPages(db, opts),
};

export async function maintenanceFinishedAt(db: Db, name: string): Promise<Date | undefined> {
  const [row] = await db.select().from(maintenanceRuns).where(eq(maintenanceRuns.name, name));
  return row?.finishedAt;
}

/**
 * Runs one repair now and, unless `dryRun`, records it as finished. The repairs are idempotent,
 * so a run by hand after the recorded one, or two servers starting at once, change nothing more.
 */
export async function runMaintenance(
  db: Db,
  name: string,
  log: MaintenanceLog,
  opts: { dryRun?: boolean } = {},
): Promise<Record<string, unknown>> {
  const task = MAINTENANCE_TASKS[name];
  if (!task) throw new Error(`unknown maintenance task: ${name}`);
  const dryRun = opts.dryRun ?? false;
  const detail = await task(db, log, { dryRun });
  if (!dryRun)
    await db
      .insert(maintenanceRuns)
      .values({ name, detail, finishedAt: new Date() })
      .onConflictDoUpdate({ target: maintenanceRuns.name, set: { detail, finishedAt: new Date() } });
  return detail;
}

/**
 * The server start, after the migrations: runs every repair not yet recorded. Answers the names
 * finished. A repair that throws is logged and left unrecorded, so the next start tries it again:
 * a defect in a repair must not keep the whole service down.
 */
export async function runPendingMaintenance(db: Db, log: MaintenanceLog): Promise<string[]> {
  const ran: string[] = [];
  for (const name of Object.keys(MAINTENANCE_TASKS)) {
    if (await maintenanceFinishedAt(db, name)) continue;
    try {
      await runMaintenance(db, name, log);
      ran.push(name);
    } catch (e) {
      log.warn(`${name}: failed, retried at the next start: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return ran;
}
