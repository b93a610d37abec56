import { customType } from 'drizzle-orm/pg-core';
import { HTTP_ERRORS } from '@tcm/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { processLog } from '../../logger.js';

/**
 * A jsonb column read through its contract schema, once, where every query that selects it
 * hands the value out (as the records' `results` are: record-results.ts), so no reader
 * downstream trusts an unchecked cast. Used for the screening results, the inquiry forms' scores,
 * the visits' prescriptions and formulas' herbs, and the research jobs' parameters.
 *
 * A stored value the schema no longer reads is refused with `STORED_VALUE_UNREADABLE` (2000501):
 * a coded answer in the reader's language instead of a 500 with a stack, and a warning with the
 * column and the schema's issues in the log. The stored JSON is not rewritten. (Record results
 * differ on purpose: one engine's outcome of an older shape becomes that engine's failure, so the
 * rest of the record still opens.)
 */
export function storedJson<S extends z.ZodType>(column: string, schema: S) {
  return customType<{ data: z.output<S>; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => {
      const parsed = schema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
      if (parsed.success) return parsed.data;
      const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.code}`);
      processLog().warn({ column, issues }, 'stored value unreadable');
      throw new AppError(HTTP_ERRORS.STORED_VALUE_UNREADABLE, undefined, { column });
    },
  })(column);
}
