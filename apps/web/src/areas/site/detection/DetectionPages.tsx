import { DevicePage } from './DevicePage.js';
import { ReportNewPage, ReportPdfPage, ReportPreviewPage } from './ReportPages.js';

/**
 * Report and device pages of the public site (one lazy chunk with antd, not in the home page). The
 * detection page itself (TongueAnalyzePage) is a light chunk of its own, without antd.
 */
export default function DetectionPages({ page }: { page: string }) {
  switch (page) {
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
