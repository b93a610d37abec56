// An engine's failure as saved on a record holds its code and the text in the record's language.
// People may read the record in the other language: the code finds the text in either.
import type { ErrorDef } from './errors.js';
import { TONGUE_ERRORS } from './tongue.js';
import { FACE_ERRORS } from './face.js';
import { PULSE_ERRORS } from './pulse.js';
import { VOICE_ERRORS } from './voice.js';
import { CONSTITUTION_ERRORS } from './constitution.js';
import { VITALS_ERRORS } from './vitals.js';
import { SYNTHESIS_ERRORS } from './synthesis.js';
import { RECORD_ERRORS } from './records.js';

const TABLES = [
  TONGUE_ERRORS,
  FACE_ERRORS,
  PULSE_ERRORS,
  VOICE_ERRORS,
  CONSTITUTION_ERRORS,
  VITALS_ERRORS,
  SYNTHESIS_ERRORS,
  RECORD_ERRORS,
];
// Built on first use: a module-level Map would be a side effect that keeps every catalog in
// every page's bundle, used or not.
let byCode: Map<number, ErrorDef> | undefined;

/** The text of an engine or record failure code in `lang`; undefined for a code we do not know. */
export function failureText(code: number, lang: 'zh' | 'en'): string | undefined {
  byCode ??= new Map(TABLES.flatMap((table) => Object.values(table).map((d: ErrorDef) => [d.code, d] as const)));
  return byCode.get(code)?.[lang];
}
