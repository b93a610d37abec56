import type { z } from 'zod';
import { HTTP_ERRORS, describeZodError, type IssueLike } from '@tcm/contract';
import { AppError } from './app-error.js';
import { assertNoNul } from './nul-guard.js';

/**
 * A request value that failed its schema. The issues are worded when the answer is written, in
 * the language of that request (`validationAnswer`), so a service need not know the reader.
 */
export class InputError extends AppError {
  constructor(
    readonly issues: readonly IssueLike[],
    readonly input: unknown,
  ) {
    super(HTTP_ERRORS.VALIDATION);
    this.name = 'InputError';
  }
}

/** Parses `value` or throws the 400 whose answer words each field's rule for the reader (NUL: 2000101). */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  // Values decoded by hand (base64, JSON in a field) never passed the request's NUL guard.
  assertNoNul(value, where);
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new InputError(r.error.issues, value);
}

/**
 * The 400 answer of a failed schema: `msg` one line in the reader's language ("出生日期：不能晚于
 * 今天"), `data.fields` each field's path (for a form to mark it; never shown) and message.
 * No regex, field path or zod wording reaches the reader (issue 32).
 */
export function validationAnswer(issues: readonly IssueLike[], input: unknown, lang: 'zh' | 'en') {
  const { fields, summary } = describeZodError({ issues }, lang, input);
  return { msg: summary || HTTP_ERRORS.VALIDATION[lang], data: { fields } };
}
