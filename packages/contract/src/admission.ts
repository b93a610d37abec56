import { defineErrors } from './errors.js';

/**
 * Refusals of an overloaded server (issue 25 item 7, mixed traffic; docs/server.md "Mixed
 * traffic"), 40091xx. Each is a 503 with `Retry-After`: the request was not worked on, and the
 * same request may be sent again after that many seconds.
 */
export const ADMISSION_ERRORS = defineErrors({
  SERVER_BUSY: {
    code: 4009101,
    status: 503,
    zh: '服务器繁忙，请稍后重试',
    en: 'The server is busy; please try again shortly',
  },
  DATABASE_EXHAUSTED: {
    code: 4009102,
    status: 503,
    zh: '服务器资源暂时不足，请稍后重试',
    en: 'The server is short of resources for a moment; please try again shortly',
  },
  ANALYSIS_QUEUE_FULL: {
    code: 4009103,
    status: 503,
    zh: '等待分析的检测过多，请稍后再提交',
    en: 'Too many analyses are waiting; please submit again in a little while',
  },
  DATABASE_UNAVAILABLE: {
    code: 4009104,
    status: 503,
    zh: '数据库暂时无法连接，请稍后重试',
    en: 'The database cannot be reached for a moment; please try again shortly',
  },
});
