import { reportDocumentSchema, type ReportDocument } from '@tcm/contract';
import { isEngineError } from '@tcm/analysis/common';
import { fail } from './fail.js';
import { renderHealthReport } from './health-report.js';
import { renderMedicalRecord } from './medical-record.js';

/** Checks an untrusted model against the contract; throws REPORT_MODEL_INVALID naming the fields. */
export function parseReportModel(input: unknown): ReportDocument {
  const r = reportDocumentSchema.safeParse(input);
  if (!r.success) {
    const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    fail('REPORT_MODEL_INVALID', { issues });
  }
  return r.data;
}

/** Validates any report model (health report or medical record) and renders it to PDF bytes. */
export async function renderReport(input: unknown): Promise<Buffer> {
  const model = parseReportModel(input);
  try {
    return model.kind === 'health-report' ? await renderHealthReport(model) : await renderMedicalRecord(model);
  } catch (e) {
    if (isEngineError(e)) throw e;
    fail('REPORT_RENDER_FAILED', { reason: String((e as Error)?.message ?? e) });
  }
}
