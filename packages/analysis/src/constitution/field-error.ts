import type { ErrorDef } from '@tcm/contract';
import { EngineError } from '../common/engine-error.js';

/**
 * An EngineError whose message names the offending field (questionnaire item, vitals field),
 * e.g. "A questionnaire item has no answer: A3". The code stays the catalog code; the field
 * also travels in `detail.field` for clients that translate the message themselves.
 */
export function fieldError(def: ErrorDef, field: string, detail: Record<string, unknown> = {}): EngineError {
  const named: ErrorDef = { ...def, zh: `${def.zh}: ${field}`, en: `${def.en}: ${field}` };
  return new EngineError(named, { field, ...detail });
}
