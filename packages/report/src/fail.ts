import { EngineError } from '@tcm/analysis/common';
import { REPORT_ERRORS } from '@tcm/contract';

export type ReportErrorName = keyof typeof REPORT_ERRORS;

/** Throws the catalog error `name`; the report reuses the engines' error class so the API maps it alike. */
export function fail(name: ReportErrorName, detail?: Record<string, unknown>): never {
  throw new EngineError(REPORT_ERRORS[name], detail);
}
