import { defineErrors } from './errors.js';

/**
 * Errors of the load, fault and fuzz hardening (issue 25 item 7; docs/server.md "Load, faults
 * and fuzzing"), 40050xx.
 */
export const LOAD_ERRORS = defineErrors({
  UPLOADS_BUSY: {
    code: 4005001,
    status: 503,
    zh: '上传的文件过多，服务器正在处理，请稍后重试',
    en: 'The server is busy with other uploads; please try again shortly',
  },
});
