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

const BY_CODE = new Map<number, ErrorDef>(
  [
    TONGUE_ERRORS,
    FACE_ERRORS,
    PULSE_ERRORS,
    VOICE_ERRORS,
    CONSTITUTION_ERRORS,
    VITALS_ERRORS,
    SYNTHESIS_ERRORS,
    RECORD_ERRORS,
  ].flatMap((table) => Object.values(table).map((d: ErrorDef) => [d.code, d] as const)),
);

/** The text of an engine or record failure code in `lang`; undefined for a code we do not know. */
export const failureText = (code: number, lang: 'zh' | 'en'): string | undefined => BY_CODE.get(code)?.[lang];
