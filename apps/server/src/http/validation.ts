import type { z } from 'zod';
import { HTTP_ERRORS } from '@tcm/contract';
import { AppError } from './app-error.js';

/** Parses `value` or throws the 400 validation error naming each field and rule, like route schemas do. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const msg = r.error.issues.map((i) => `${[where, ...i.path].join('.')}: ${i.message} (${i.code})`).join('; ');
  throw new AppError(HTTP_ERRORS.VALIDATION, msg);
}
