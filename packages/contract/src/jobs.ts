import { defineErrors } from './errors.js';

/**
 * Errors of the engine worker pool and of the queued-work limits (40030xx). The pool runs the
 * analysis engines and the heavy upload checks in child processes (docs/records.md "Jobs").
 */
export const JOB_ERRORS = defineErrors({
  ENGINE_BUSY: {
    code: 4003001,
    status: 503,
    zh: '分析服务繁忙，请稍后再试',
    en: 'The analysis service is busy; please try again shortly',
  },
  ENGINE_CRASHED: {
    code: 4003002,
    status: 500,
    zh: '分析进程意外退出，请重试',
    en: 'The analysis process stopped unexpectedly; please retry',
  },
  ENGINE_TIMEOUT: {
    code: 4003003,
    status: 503,
    zh: '分析处理超时，请稍后重试',
    en: 'The analysis work took too long; please try again later',
  },
  USER_QUEUE_FULL: {
    code: 4003004,
    status: 429,
    zh: '您排队中的检测过多，请等待已提交的检测完成',
    en: 'You have too many analyses waiting; wait for the submitted ones to finish',
  },
  ADDRESS_QUEUE_FULL: {
    code: 4003005,
    status: 429,
    zh: '来自该网络地址的排队检测过多，请稍后再试',
    en: 'Too many analyses are waiting from this network address; try again later',
  },
});
