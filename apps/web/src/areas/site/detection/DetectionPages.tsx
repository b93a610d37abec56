import type { AreaProps } from '../../../app/LazyArea.js';
import { findPage, type PageComponent, type PageKeys } from '../../../app/pages.js';
import { DevicePage } from './DevicePage.js';
import { ReportNewPage, ReportPdfPage, ReportPreviewPage } from './ReportPages.js';

type DetectionPage = PageKeys<'site', 'pdfReport' | 'pdfReportNew' | 'pdfPreview' | 'device'>;

/** The site's detection pages by route page key (route-table.ts). */
const PAGES: Record<DetectionPage, PageComponent> = {
  pdfReport: ReportPdfPage,
  pdfReportNew: ReportNewPage,
  pdfPreview: ReportPreviewPage,
  device: DevicePage,
};

/**
 * Report and device pages of the public site (one lazy chunk with antd, not in the home page). The
 * detection page itself (TongueAnalyzePage) is a light chunk of its own, without antd.
 */
export default function DetectionPages({ page }: AreaProps) {
  const Screen = findPage(PAGES, page);
  return Screen ? <Screen page={page} /> : null;
}
