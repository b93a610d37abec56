export { renderReport, parseReportModel } from './render.js';
export { renderHealthReport } from './health-report.js';
export { renderMedicalRecord } from './medical-record.js';
export { LABELS, label, type LabelKey } from './labels.js';
