/**
 * One description of every static route of spec §2: the router, the guards' route building and
 * the member/doctor side menus all read it (house style: one list, not two that drift).
 */
export type Area = 'site' | 'entrance' | 'console' | 'member' | 'doctor' | 'display' | 'disease' | 'training';

export interface RouteDef {
  path: string;
  area: Area;
  /** Page key inside its area module. */
  page: string;
  /** i18n key of the title (route.<key>). */
  title: string;
  /** Not shown in menus (spec "hidden" / "not in sidebar"). */
  hidden?: boolean;
  /** Opens in a new browser tab from menus. */
  newTab?: boolean;
  /** Rendered without the area layout. */
  fullscreen?: boolean;
  /** Menu group (doctor area heads). */
  group?: string;
}

/**
 * Keeps each route's area and page key as literal types, so the page registries (app/pages.ts)
 * can require exactly the keys this table names: a missing or misspelt page is a type error.
 */
const r = <A extends Area, P extends string>(
  path: string,
  area: A,
  page: P,
  extra: Partial<Omit<RouteDef, 'path' | 'area' | 'page'>> = {},
): RouteDef & { area: A; page: P } => ({
  path,
  title: page,
  ...extra,
  area,
  page,
});

/** Public site and entrance routes (spec §2 table). */
export const PUBLIC_ROUTES = [
  r('/', 'site', 'home'),
  r('/pages/:name', 'site', 'dynamicPage'),
  r('/information', 'site', 'information'),
  r('/xinwendongtai', 'site', 'news'),
  r('/xinwendongtai/:id', 'site', 'newsDetail', { hidden: true }),
  r('/shexiangyujibingyanjiu', 'site', 'tongueResearch'),
  r('/guanyuwomen', 'site', 'aboutUs'),
  r('/jiankangzhuangtaibianshi', 'site', 'healthState'),
  r('/shezhenshixun', 'site', 'tongueTraining'),
  r('/zhongyishiAIzhushou', 'site', 'aiAssistant'),
  r('/tongueAnalyze', 'site', 'tongueAnalyze'),
  r('/device', 'site', 'device'),
  r('/ertongshezhen', 'site', 'childTongue'),
  r('/xinguanshezhen', 'site', 'covidTongue'),
  r('/unsubscribe/post', 'site', 'unsubscribe'),
  r('/checked/pdf', 'site', 'pdfReport'),
  r('/checked/pdf/new', 'site', 'pdfReportNew'),
  r('/checked/pdf/newPdfTestPreview', 'site', 'pdfPreview'),
  // A patient's one-time form link (issue 19 item 2; spec-silent): a phone page, no layout.
  r('/inquiry/:token', 'site', 'inquiryLink', { hidden: true, fullscreen: true }),
  // A partner's one-use H5 capture link (issue 25 item 3): a phone page in the partner's branding.
  r('/h5/:token', 'site', 'h5Capture', { hidden: true, fullscreen: true }),
  r('/doctor/index', 'site', 'doctorIndex'),
  r('/404', 'site', 'notFound', { hidden: true }),
  r('/login', 'entrance', 'sysLogin'),
  r('/member-login', 'entrance', 'memberLogin'),
  r('/member/config/login', 'entrance', 'memberLogin'),
  r('/member/config/refresh', 'entrance', 'memberRefresh'),
  r('/member/config/index', 'entrance', 'memberIndex'),
  r('/keyan-login', 'entrance', 'doctorLogin'),
  r('/doctor/login', 'entrance', 'doctorLogin'),
  r('/doctor/register', 'entrance', 'doctorRegister'),
  r('/member-register', 'entrance', 'memberRegister'),
  r('/dpLogin', 'entrance', 'displayLogin'),
  r('/disease/login', 'entrance', 'diseaseLogin'),
  r('/training/login', 'entrance', 'trainingLogin'),
  r('/wx_login/author', 'entrance', 'wechatAuthor'),
  r('/display', 'display', 'display', { fullscreen: true }),
  r('/disease/index', 'disease', 'diseaseHome', { fullscreen: true }),
  r('/training/index', 'training', 'trainingHome', { fullscreen: true }),
];

/** Member layout routes before the info-dependent ones (spec §2 Member area). */
export const MEMBER_ROUTES = [
  r('/member/config/home', 'member', 'memberHome'),
  r('/member/config/playApply', 'member', 'playApply', { hidden: true }),
  r('/member/config/teamRecord', 'member', 'teamRecord', { newTab: true }),
  r('/member/config/deviceRecord', 'member', 'deviceRecord'),
  r('/member/config/memberRecord', 'member', 'memberRecord'),
  r('/member/config/bandWeChatSuccess/:idCode', 'member', 'wechatBound', { hidden: true }),
  r('/member/config/bind-wechat/result', 'member', 'wechatResult', { hidden: true }),
];
export const MEMBER_RESULT_CONFIG = r('/member/config/resultConfig', 'member', 'resultConfig');
export const MEMBER_DISPLAY = r('/member/config/display', 'member', 'memberDisplay', {
  newTab: true,
  fullscreen: true,
});

const ANALYSIS = 'analysis';
const ARCHIVE = 'archive';
/** Doctor area routes (spec §2 Doctor area). */
export const DOCTOR_ROUTES = [
  r('/doctor/home', 'doctor', 'doctorHome', { group: ANALYSIS }),
  r('/doctor/analysis/pool/index', 'doctor', 'pool', { group: ANALYSIS }),
  r('/doctor/analysis/pool/itemIndex/:id', 'doctor', 'poolItems', { group: ANALYSIS, hidden: true }),
  r('/doctor/analysis/statistics/frequency/index', 'doctor', 'frequency', { group: ANALYSIS }),
  r('/doctor/analysis/syndromes/relate-syndromes-diagnosis/index', 'doctor', 'relate', { group: ANALYSIS }),
  r('/doctor/analysis/syndromes/cluster-syndromes/index', 'doctor', 'cluster', { group: ANALYSIS }),
  r('/doctor/analysis/syndromes/classify-syndromes/index', 'doctor', 'classify', { group: ANALYSIS }),
  r('/doctor/analysis/syndromes/classify-syndromes/classify-result/:taskId', 'doctor', 'classifyResult', {
    group: ANALYSIS,
    hidden: true,
  }),
  r('/doctor/archive/index', 'doctor', 'archiveList', { group: ARCHIVE }),
  r('/doctor/archive/review/:id', 'doctor', 'archiveReview', { group: ARCHIVE, hidden: true }),
  r('/doctor/archive/add', 'doctor', 'archiveAdd', { group: ARCHIVE, hidden: true }),
  r('/doctor/archive/editRecord/:archiveId/:recordId', 'doctor', 'archiveEditRecord', { group: ARCHIVE, hidden: true }),
  // Shares the edit screen (spec).
  r('/doctor/archive/addRecord/:archiveId/:recordId', 'doctor', 'archiveEditRecord', {
    group: ARCHIVE,
    hidden: true,
    title: 'archiveAddRecord',
  }),
  r('/doctor/archive/showMedicalRecordPdf/:recordId', 'doctor', 'medicalRecordPdf', {
    group: ARCHIVE,
    hidden: true,
    fullscreen: true,
  }),
  r('/doctor/archive/patientInquiry/index', 'doctor', 'inquiryList', { group: ARCHIVE }),
  r('/doctor/archive/patientInquiry/show/:id', 'doctor', 'inquiryShow', { group: ARCHIVE, hidden: true }),
  r('/doctor/archive/inquiryTemp/index', 'doctor', 'inquiryTempList', { group: ARCHIVE }),
  r('/doctor/archive/inquiryTemp/show', 'doctor', 'inquiryTempShow', { group: ARCHIVE, hidden: true }),
  r('/doctor/archive/inquiryTemp/edit', 'doctor', 'inquiryTempEdit', { group: ARCHIVE, hidden: true }),
  r('/doctor/archive/prescriptions/index', 'doctor', 'prescriptions', { group: ARCHIVE }),
];
export const DOCTOR_GROUPS = [ANALYSIS, ARCHIVE] as const;

/** Every static route with its literal area and page key (the page registries' key source). */
type StaticRoute =
  | (typeof PUBLIC_ROUTES)[number]
  | (typeof MEMBER_ROUTES)[number]
  | typeof MEMBER_RESULT_CONFIG
  | typeof MEMBER_DISPLAY
  | (typeof DOCTOR_ROUTES)[number];

/**
 * Console pages come from the server's menus (the menu entry's `component`, seeded in
 * apps/server/src/seed/menu-tree.ts), not from this table: these are the ones the web app has a
 * screen for. A menu added later in the console names a component unknown here and gets the
 * placeholder.
 */
export const CONSOLE_PAGES = [
  'welcome/index',
  'system/translation/index',
  'system/user/index',
  'system/role/index',
  'system/menu/index',
  'system/team/index',
  'system/doctor/index',
  'system/corporation/index',
  'content/index',
  'content/enquiries/index',
  'system/settings/index',
  'system/audit/index',
  'system/device/index',
  'system/organization/index',
  'Frame',
] as const;

/** The page keys of one area, as the table (or, for the console, its seeded menus) names them. */
export type PageKey<A extends Area> = A extends 'console'
  ? (typeof CONSOLE_PAGES)[number]
  : Extract<StaticRoute, { area: A }>['page'];
