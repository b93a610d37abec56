import { DevicePage } from './DevicePage.js';
import { ReportNewPage, ReportPdfPage, ReportPreviewPage } from './ReportPages.js';
import { TongueAnalyzePage } from './TongueAnalyzePage.js';

/** Pages of the public site that capture, analyze and report (one lazy chunk, not in the home page). */
export default function DetectionPages({ page }: { page: string }) {
  switch (page) {
    case 'tongueAnalyze':
      return <TongueAnalyzePage kind="normal" />;
    case 'childTongue':
      return <TongueAnalyzePage kind="child" />;
    case 'covidTongue':
      return <TongueAnalyzePage kind="covid" />;
    case 'pdfReport':
      return <ReportPdfPage />;
    case 'pdfReportNew':
      return <ReportNewPage />;
    case 'pdfPreview':
      return <ReportPreviewPage />;
    case 'device':
      return <DevicePage />;
    default:
      return null;
  }
}
