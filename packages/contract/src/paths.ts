/**
 * API paths of spec §7 and the ones this project designed where the spec is silent
 * (docs/auth.md, docs/server.md). Server routes and the web client both read these.
 */
export const API_PREFIX = '/backend';
/** Version prefix of the admin-menu calls (spec §7 "base /backend/sys plus a version prefix"). */
export const SYS_VERSION = 'v1';

export const AUTH_PATHS = {
  pwdSignin: '/backend/auth/user/pwd/signin',
  loginOut: '/backend/auth/user/common/loginOut',
  refreshToken: '/backend/auth/user/common/refreshToken',
  wechatGetAccessToken: '/backend/auth/user/oauth2code/wechat/getAccessToken',
  wechatGetAccessTokenWithoutInitUser: '/backend/auth/user/oauth2code/wechat/getAccessTokenWithoutInitUser',
  jigsawRegister: '/backend/auth/jigsaw/captcha/register',
  jigsawCheck: '/backend/auth/jigsaw/captcha/check',
  dragLogin: '/backend/auth/drag/captcha/login',
  /** Designed here: issues the one-time challenge a drag login answers. */
  dragRegister: '/backend/auth/drag/captcha/register',
  /** Entrance sign-in, designed here: `:entrance` is member, doctor, display, disease or training. */
  entranceSignin: (entrance: string) => `/backend/${entrance}/auth/signin`,
} as const;

export const USER_PATHS = {
  currentSysuser: '/backend/sys/user/getCurrentSysuser',
  memberInfo: '/backend/member/user/display/getMemberInfo',
  doctorInfo: '/backend/doctor/user/getDoctorInfo',
  doctorRegister: '/backend/doctor/user/register',
  doctorRegisterCheck: '/backend/doctor/user/register/check',
  teamMembers: (teamId: string) => `/backend/member/team/${teamId}/members`,
  currentUser: '/backend/common/user/current',
} as const;

const MENU = `/backend/sys/${SYS_VERSION}/menu`;
export const MENU_PATHS = {
  currentSysuserMenu: `${MENU}/getCurrentSysuserMenu`,
  tree: (id: number | string) => `${MENU}/tree/${id}`,
  treeNoButton: `${MENU}/treeNoButton`,
  add: `${MENU}/add`,
  edit: `${MENU}/edit`,
  remove: (id: number | string) => `${MENU}/remove/${id}`,
  updateStatus: `${MENU}/updateStatus`,
  findById: (id: number | string) => `${MENU}/findById/${id}`,
  updateMenu: `${MENU}/updateMenu`,
  menuLang: `${MENU}/getMenuLang`,
  /** Head menu of the signed-in user's area (designed here; spec gives only its response shape). */
  headMenu: '/backend/common/menu/head',
} as const;

/** Files (spec §7 Files; docs/records.md). */
export const FILE_PATHS = {
  /** Multipart `file` → code 0, data.remoteFileUrl and data.name (spec §7); no sign-in, images only. */
  portalOssUpload: '/backend/portal/ossFile/upload',
  /** Rich-text editor upload (spec §7); signed-in; images and video. */
  editorOssUpload: '/backend/interfacesvc/ossFile/upload',
  /** Upload component (spec §7): signed-in, multipart `file` → data {uuid, name, url, ...}. */
  upload: '/backend/common/file/upload',
  /** Lookup (spec §7): `?uuid=` or `?uuids=a,b` → data: list of {uuid, name, url, ...}. */
  lookup: '/backend/common/file/lookup',
  /** File bytes; images take `w`/`h` (1–4096). The uuid is the capability (random v4). */
  view: (uuid: string) => `/backend/file/${uuid}`,
} as const;

/** Records (docs/records.md; docs/spine.md glossary). */
export const RECORD_PATHS = {
  /** Visitor capture (the public detection pages), no sign-in: multipart `file` (+ `kind`, `lang`). */
  visitorCreate: '/backend/portal/tongue/analyze',
  /** Open share routes (token = the record's share token), used by /checked/pdf and /checked/pdf/new. */
  shared: (token: string) => `/backend/portal/diagnosis/${token}`,
  sharedEvents: (token: string) => `/backend/portal/diagnosis/${token}/events`,
  sharedReport: (token: string) => `/backend/portal/diagnosis/${token}/report`,
  sharedRetry: (token: string) => `/backend/portal/diagnosis/${token}/retry`,
  /** Sample report for /checked/pdf/newPdfTestPreview (no personal data): `?lang=`. */
  reportPreview: '/backend/portal/diagnosis/preview/report',
  /** Signed-in (member, doctor). */
  create: '/backend/record/create',
  /** One uploaded capture through its engine alone, at its capture step (issue 17). */
  check: '/backend/record/check',
  list: '/backend/record/list',
  detail: (id: string) => `/backend/record/${id}`,
  events: (id: string) => `/backend/record/${id}/events`,
  retry: (id: string) => `/backend/record/${id}/retry`,
  /** Replace one capture and re-run its engine and the synthesis (issue 17 item 4). */
  redo: (id: string) => `/backend/record/${id}/redo`,
  report: (id: string) => `/backend/record/${id}/report`,
  history: (id: string) => `/backend/record/${id}/history`,
} as const;

/** Devices (docs/records.md). */
export const DEVICE_PATHS = {
  register: '/backend/member/device/register',
  list: '/backend/member/device/list',
  disable: (id: string) => `/backend/member/device/${id}/disable`,
  /** Device credentials (HTTP Basic deviceId:secret). */
  upload: '/backend/device/record/upload',
  record: (id: string) => `/backend/device/record/${id}`,
} as const;
