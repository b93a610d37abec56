import { customType } from 'drizzle-orm/pg-core';
import { parseStoredResults, RECORD_ERRORS, type RecordResults } from '@tcm/contract';
import { processLog } from '../../logger.js';

/**
 * The `results` column of a record: jsonb, read through the contract's typed outcome union once,
 * here, for every query that selects it (repository reads, claims, maintenance), so no reader
 * downstream sees `unknown` (docs/spine.md). Rows written before the outcomes carried `engine`
 * read as they are; an outcome that no longer parses is kept as that engine's failure
 * (RESULT_UNREADABLE) and logged, so the record still opens.
 */
export const recordResultsColumn = customType<{ data: RecordResults; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) =>
    parseStoredResults(
      typeof value === 'string' ? JSON.parse(value) : value,
      (engine) => ({ code: RECORD_ERRORS.RESULT_UNREADABLE.code, msg: RECORD_ERRORS.RESULT_UNREADABLE.zh, engine }),
      (u) => processLog().warn({ engine: u.engine, issues: u.issues }, 'stored record outcome unreadable'),
    ),
});
