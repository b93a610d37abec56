import type { z } from 'zod';
import { HTTP_ERRORS } from '@tcm/contract';
import { AppError } from './app-error.js';
import { assertNoNul } from './nul-guard.js';

/** Parses `value` or throws the 400 validation error naming each field and rule, like route schemas do (NUL: 2000101). */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  // Values decoded by hand (base64, JSON in a field) never passed the request's NUL guard.
  assertNoNul(value, where);
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const msg = r.error.issues.map((i) => `${[where, ...i.path].join('.')}: ${i.message} (${i.code})`).join('; ');
  throw new AppError(HTTP_ERRORS.VALIDATION, msg);
}
