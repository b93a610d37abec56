import { defineErrors } from './errors.js';

/**
 * Generic HTTP errors (2xxxxxx): validation, routing, size and rate limits, conflicts and the
 * last-resort internal error. The server's global error handler maps framework errors onto these.
 */
export const HTTP_ERRORS = defineErrors({
  VALIDATION: { code: 2000400, status: 400, zh: '请求参数不正确', en: 'Invalid request parameters' },
  NOT_FOUND: { code: 2000404, status: 404, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  METHOD_NOT_ALLOWED: { code: 2000405, status: 405, zh: '请求方法不被允许', en: 'Method not allowed' },
  CONFLICT: { code: 2000409, status: 409, zh: '数据已存在', en: 'The record already exists' },
  PAYLOAD_TOO_LARGE: { code: 2000413, status: 413, zh: '上传内容过大', en: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { code: 2000415, status: 415, zh: '不支持的内容类型', en: 'Unsupported content type' },
  /** 20001xx: request hygiene and cross-site defences (docs/security.md §4, §5, §10d). */
  NUL_CHARACTER: {
    code: 2000101,
    status: 400,
    zh: '请求内容包含不允许的空字符 (NUL)',
    en: 'The request contains a NUL character, which is not allowed in any text field',
  },
  JSON_REQUIRED: {
    code: 2000102,
    status: 415,
    zh: '此接口只接受 JSON 请求体 (Content-Type: application/json)',
    en: 'This endpoint accepts only a JSON body (Content-Type: application/json)',
  },
  BEARER_REQUIRED: {
    code: 2000103,
    status: 403,
    zh: '修改数据的请求须携带 Authorization 请求头,仅凭 Cookie 不被接受',
    en: 'State-changing requests need the Authorization header; the sign-in cookie alone is not accepted',
  },
  CROSS_ORIGIN: {
    code: 2000104,
    status: 403,
    zh: '跨站请求被拒绝',
    en: 'Cross-site request refused: its origin is not allowed',
  },
  RESIZE_BUSY: {
    code: 2000105,
    status: 429,
    zh: '图片缩放请求过多,请稍后再试',
    en: 'Too many image resize requests, please try again later',
  },
  RATE_LIMITED: {
    code: 2000429,
    status: 429,
    zh: '请求过于频繁,请稍后再试',
    en: 'Too many requests, please try again later',
  },
  /**
   * A stored JSON value (a screening result, a form's score, a prescription, a research job's
   * parameters) that its contract schema no longer reads: said plainly, never a stack (issue 38).
   */
  STORED_VALUE_UNREADABLE: {
    code: 2000501,
    status: 500,
    zh: '保存的数据格式已无法读取,请反馈给管理员',
    en: 'A saved value is in a shape that can no longer be read; please report it to the administrator',
  },
  INTERNAL: {
    code: 2000500,
    status: 500,
    zh: '系统未知错误,请反馈给管理员',
    en: 'Unknown system error, please report it to the administrator',
  },
});

/** Request header that asks the client not to toast the error message (spec §7). */
export const NO_ERROR_MESSAGE_HEADER = 'x-no-error-message';
/** Response header telling the client to refresh its access token soon (spec §4, docs/auth.md). */
export const REFRESH_TOKEN_HEADER = 'refresh-token-header';
/** Cookie that carries the access token after login (spec §9). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
/** Request header and field carrying the interface language on /portal/ paths (spec §7). */
export const LANGUAGE_HEADER = 'language';
/** Language assumed when a /portal/ request names none (spec §9). */
export const DEFAULT_LANGUAGE = 'zh';

/** Bounds of the image resize query parameters, px (spec §5, §9): outside them they are ignored. */
export const IMAGE_RESIZE_BOUNDS = { min: 1, max: 4096 } as const;
