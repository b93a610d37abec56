import {
  ARCHIVE_PATHS,
  DEVICE_PATHS,
  FILE_PATHS,
  INQUIRY_PATHS,
  OPEN_API_PATHS,
  RECORD_EXPORT_PATHS,
  RECORD_PATHS,
  RESEARCH_PATHS,
  TEAM_PATHS,
  type AuditAction,
  type AuditEntity,
} from '@tcm/contract';

/** What a health-data route does, for its audit row. */
export interface AuditedRoute {
  entity: AuditEntity;
  verb: AuditAction;
  /** Path parameter naming the entity (`id`, `uuid`, ...); none: the handler notes it, or there is none. */
  param?: string;
}

const r = (entity: AuditEntity, verb: AuditAction, param?: string): AuditedRoute => ({ entity, verb, param });

/**
 * Every route that reads or writes health data (records, reports, cases and visits, inquiry
 * forms, exports, files), keyed by `METHOD path` as Fastify registered it. The audit hook writes
 * one row per call of these routes; `audit.routes.test.ts` calls each of them and checks its row.
 */
export const AUDITED_ROUTES: Readonly<Record<string, AuditedRoute>> = {
  // records (the signed-in areas, share-token pages, visitors and devices)
  [`POST ${RECORD_PATHS.visitorCreate}`]: r('record', 'write'),
  [`GET ${RECORD_PATHS.shared(':token')}`]: r('record', 'read'),
  [`GET ${RECORD_PATHS.sharedReport(':token')}`]: r('report', 'download'),
  [`POST ${RECORD_PATHS.sharedRetry(':token')}`]: r('record', 'write'),
  [`POST ${RECORD_PATHS.create}`]: r('record', 'write'),
  [`POST ${RECORD_PATHS.list}`]: r('record', 'list'),
  [`GET ${RECORD_PATHS.detail(':id')}`]: r('record', 'read', 'id'),
  [`POST ${RECORD_PATHS.retry(':id')}`]: r('record', 'write', 'id'),
  [`GET ${RECORD_PATHS.report(':id')}`]: r('report', 'download', 'id'),
  [`GET ${RECORD_PATHS.history(':id')}`]: r('record', 'read', 'id'),
  [`POST ${DEVICE_PATHS.upload}`]: r('record', 'write'),
  [`GET ${DEVICE_PATHS.record(':id')}`]: r('record', 'read', 'id'),
  [`POST ${OPEN_API_PATHS.submit}`]: r('record', 'write'),
  [`GET ${OPEN_API_PATHS.task(':taskId')}`]: r('record', 'read', 'taskId'),
  // exports of the member areas
  [`POST ${RECORD_EXPORT_PATHS.xlsx}`]: r('export', 'download'),
  [`POST ${RECORD_EXPORT_PATHS.zip}`]: r('export', 'download'),
  // the doctor's case archive
  [`POST ${ARCHIVE_PATHS.list}`]: r('case', 'list'),
  [`POST ${ARCHIVE_PATHS.add}`]: r('case', 'write'),
  [`GET ${ARCHIVE_PATHS.detail(':id')}`]: r('case', 'read', 'id'),
  [`POST ${ARCHIVE_PATHS.update(':id')}`]: r('case', 'write', 'id'),
  [`POST ${ARCHIVE_PATHS.remove}`]: r('case', 'write'),
  [`POST ${ARCHIVE_PATHS.restore}`]: r('case', 'write'),
  [`POST ${ARCHIVE_PATHS.exportXlsx}`]: r('export', 'download'),
  [`GET ${ARCHIVE_PATHS.casePdf(':id')}`]: r('case', 'download', 'id'),
  [`POST ${ARCHIVE_PATHS.addVisit(':id')}`]: r('visit', 'write', 'id'),
  [`GET ${ARCHIVE_PATHS.visit(':id')}`]: r('visit', 'read', 'id'),
  [`POST ${ARCHIVE_PATHS.updateVisit(':id')}`]: r('visit', 'write', 'id'),
  [`GET ${ARCHIVE_PATHS.visitPdf(':id')}`]: r('visit', 'download', 'id'),
  // inquiry forms (doctor side and the patient's one-time link)
  [`POST ${INQUIRY_PATHS.forms}`]: r('inquiry-form', 'list'),
  [`GET ${INQUIRY_PATHS.form(':id')}`]: r('inquiry-form', 'read', 'id'),
  [`POST ${INQUIRY_PATHS.fill}`]: r('inquiry-form', 'write'),
  [`GET ${INQUIRY_PATHS.open(':token')}`]: r('inquiry-form', 'read'),
  [`POST ${INQUIRY_PATHS.submit(':token')}`]: r('inquiry-form', 'write'),
  // files: uploads of captures, and every serving of a health file (public CMS images are skipped)
  [`POST ${FILE_PATHS.upload}`]: r('file', 'write'),
  [`GET ${FILE_PATHS.view(':uuid')}`]: r('file', 'read', 'uuid'),
  // research pools hold copies of records and visits (issue 35 item 5): their samples and exports
  [`POST ${RESEARCH_PATHS.samples(':poolId')}`]: r('research-sample', 'list', 'poolId'),
  [`POST ${RESEARCH_PATHS.updateSample(':poolId', ':sampleId')}`]: r('research-sample', 'write', 'sampleId'),
  [`POST ${RESEARCH_PATHS.removeSamples(':poolId')}`]: r('research-sample', 'write', 'poolId'),
  [`POST ${RESEARCH_PATHS.importSystem(':poolId')}`]: r('research-sample', 'write', 'poolId'),
  [`POST ${RESEARCH_PATHS.importFile(':poolId')}`]: r('research-sample', 'write', 'poolId'),
  [`POST ${RESEARCH_PATHS.exportXlsx}`]: r('export', 'download'),
  // a team leader's drill-down into the records behind a chart segment
  [`GET ${TEAM_PATHS.homeTeamRecords}`]: r('record', 'list'),
};
