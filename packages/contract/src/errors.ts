/**
 * The error catalog. Every error the API or an engine reports has a stable numeric code,
 * an HTTP status and a message in zh and en. Codes of spec §8 keep their numbers; new codes
 * live in per-area ranges so that areas never collide:
 *   1xxxxxx  auth, users, permissions (spec)     2xxxxxx  request validation, generic HTTP
 *   31xxxxx  tongue   32xxxxx face   33xxxxx pulse   34xxxxx voice
 *   35xxxxx  constitution / synthesis / vitals     36xxxxx report
 *   40xxxxx  records, files, jobs, devices         41xxxxx research / case archive / inquiry forms
 *   14xxxxx  member teams, exports, WeChat         15xxxxx site content, enquiries, settings
 *   42xxxxx  large-screen display   43xxxxx disease module   44xxxxx training   45xxxxx Open API
 * Each area declares its codes in its own contract file with `defineErrors`.
 */
export interface ErrorDef {
  readonly code: number;
  /** HTTP status the API answers with when this error ends a request. */
  readonly status: number;
  readonly zh: string;
  readonly en: string;
}

/** Keeps the literal keys of an error table while checking each entry's shape. */
export const defineErrors = <T extends Record<string, ErrorDef>>(table: T): T => table;

/** The codes named by spec §8. */
export const SPEC_ERRORS = defineErrors({
  OK: { code: 0, status: 200, zh: '成功', en: 'Success' },
  BAD_CREDENTIALS: { code: 1000000, status: 401, zh: '用户名或密码错误', en: 'Wrong user name or password' },
  TOKEN_INVALID: {
    code: 1200001,
    status: 401,
    zh: '访问凭据无效,请重新登录',
    en: 'Your access credential is invalid, please sign in again',
  },
  EMAIL_EXISTS: { code: 1200014, status: 409, zh: '邮箱已存在', en: 'Email already exists' },
  PHONE_EXISTS: { code: 1200015, status: 409, zh: '手机号已存在', en: 'Phone number already exists' },
  LOGIN_NAME_EXISTS: { code: 1200019, status: 409, zh: '登录名已存在', en: 'Login name already exists' },
});

/** Default text when neither the server msg nor a mapped text is available (spec §8). */
export const DEFAULT_ERROR_TEXT = {
  zh: '系统未知错误,请反馈给管理员',
  en: 'Unknown system error, please report it to the administrator',
} as const;
