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
