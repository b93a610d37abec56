import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { doctorRoutes, menuEntries } from '../../app/area-routes.js';
import { findPage, type PageRegistry } from '../../app/pages.js';
import { DOCTOR_GROUPS } from '../../app/route-table.js';
import { AreaPlaceholder } from '../../components/AreaPlaceholder.js';
import { ShellLayout } from '../../components/ShellLayout.js';
import { useSession } from '../../lib/session.js';
import { ArchiveList } from './archive/ArchiveList.js';
import { CaseReview } from './archive/CaseReview.js';
import { MedicalRecordPdf } from './archive/MedicalRecordPdf.js';
import { PrescriptionsPage } from './archive/PrescriptionsPage.js';
import { VisitEditor } from './archive/VisitEditor.js';
import { FormList } from './archive/inquiry/FormList.js';
import { FormShow } from './archive/inquiry/FormShow.js';
import { TemplateEditor } from './archive/inquiry/TemplateEditor.js';
import { TemplateList } from './archive/inquiry/TemplateList.js';
import { TemplateShow } from './archive/inquiry/TemplateShow.js';
import { ClassifyPage } from './research/ClassifyPage.js';
import { ClassifyResult } from './research/ClassifyResult.js';
import { ClusterPage } from './research/ClusterPage.js';
import { FrequencyPage } from './research/FrequencyPage.js';
import { PoolList } from './research/PoolList.js';
import { RelatePage } from './research/RelatePage.js';
import { ResearchHome } from './research/ResearchHome.js';
import { SampleList } from './research/SampleList.js';

/** editRecord and addRecord share the page key (spec: one screen); the path tells them apart. */
function VisitEditorPage() {
  const { pathname } = useLocation();
  return <VisitEditor mode={pathname.startsWith('/doctor/archive/addRecord/') ? 'add' : 'edit'} />;
}

/** Doctor pages by route page key (route-table.ts): the analysis area and the case archive. */
const PAGES: PageRegistry<'doctor'> = {
  doctorHome: ResearchHome,
  pool: PoolList,
  poolItems: SampleList,
  frequency: FrequencyPage,
  relate: RelatePage,
  cluster: ClusterPage,
  classify: ClassifyPage,
  classifyResult: ClassifyResult,
  archiveList: () => <ArchiveList />,
  archiveAdd: () => <ArchiveList openAdd />,
  archiveReview: CaseReview,
  archiveEditRecord: VisitEditorPage,
  medicalRecordPdf: MedicalRecordPdf,
  prescriptions: PrescriptionsPage,
  inquiryList: FormList,
  inquiryShow: FormShow,
  inquiryTempList: TemplateList,
  inquiryTempShow: TemplateShow,
  inquiryTempEdit: TemplateEditor,
};

/** Doctor layout: analysis and case-archive menus built from doctor info (spec §2 Doctor area). */
export default function DoctorArea({ page }: AreaProps) {
  const { t } = useTranslation();
  const { doctor } = useSession();
  const routes = doctor ? doctorRoutes(doctor) : [];
  const menu = menuEntries(routes);
  const side = DOCTOR_GROUPS.map((g) => ({
    key: g,
    label: t(`group.${g}`),
    items: menu
      .filter((r) => r.group === g)
      .map((r) => ({ key: r.path, label: t(`route.${r.title}`), newTab: r.newTab })),
  }));
  const def = routes.find((r) => r.page === page);
  const Screen = findPage(PAGES, page);
  const body = Screen ? <Screen page={page} /> : <AreaPlaceholder area="doctor" page={def?.title ?? page} />;
  if (def?.fullscreen) return body;
  return (
    <ShellLayout side={side} loginPath="/keyan-login">
      {body}
    </ShellLayout>
  );
}
