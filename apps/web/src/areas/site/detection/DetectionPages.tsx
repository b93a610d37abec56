import type { AreaProps } from '../../../app/LazyArea.js';
import { findPage, type PageComponent, type PageKeys } from '../../../app/pages.js';
import { DevicePage } from './DevicePage.js';
import { ReportNewPage, ReportPdfPage, ReportPreviewPage } from './ReportPages.js';
import { TongueAnalyzePage } from './TongueAnalyzePage.js';

type DetectionPage = PageKeys<
  'site',
  'tongueAnalyze' | 'childTongue' | 'covidTongue' | 'pdfReport' | 'pdfReportNew' | 'pdfPreview' | 'device'
>;

/** The site's detection pages by route page key (route-table.ts). */
const PAGES: Record<DetectionPage, PageComponent> = {
  tongueAnalyze: () => <TongueAnalyzePage kind="normal" />,
  childTongue: () => <TongueAnalyzePage kind="child" />,
  covidTongue: () => <TongueAnalyzePage kind="covid" />,
  pdfReport: ReportPdfPage,
  pdfReportNew: ReportNewPage,
  pdfPreview: ReportPreviewPage,
  device: DevicePage,
};

/** Pages of the public site that capture, analyse and report (one lazy chunk, not in the home page). */
export default function DetectionPages({ page }: AreaProps) {
  const Screen = findPage(PAGES, page);
  return Screen ? <Screen page={page} /> : null;
}
