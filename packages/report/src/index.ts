export { renderReport, parseReportModel } from './render.js';
export { renderHealthReport } from './health-report.js';
export { renderMedicalRecord } from './medical-record.js';
export { LABELS, label, type LabelKey } from './labels.js';
/** Parses the embedded fonts now (about 1 s once per process) so the first report is not slow. */
export { loadFonts as preloadReportFonts } from './font.js';
/** A record's engine results → the health report model (docs/spine.md). */
export { recordReportModel, type ReportSource } from './record-model.js';
/** A saved disease screening → its PDF (docs/disease.md). */
export { renderDiseaseScreening, type DiseaseScreeningDocument } from './disease-screening.js';
/** The training module's completion certificate (docs/training.md). */
export { renderCertificate, type CertificateModel } from './certificate.js';
