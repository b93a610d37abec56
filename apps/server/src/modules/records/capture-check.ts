import { FILE_ERRORS, type CaptureCheck, type CaptureCheckBody } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { ownCaptureFiles } from './records.service.js';

/** A capture check is one engine on one file: well under the record's attempt limit. */
const CHECK_TIMEOUT_MS = 60_000;

/**
 * One uploaded capture through its engine alone (issue 17), in the engine pool like any analysis
 * (the API never runs an engine). Bounded: when the pool's queue is full the caller gets the
 * pool's busy error and may still go on; the record's analysis checks the file again anyway.
 */
export async function checkCaptureFile(
  ctx: AppContext,
  p: Principal,
  body: CaptureCheckBody,
  lang: 'zh' | 'en',
): Promise<CaptureCheck> {
  const [row] = await ownCaptureFiles(ctx, p.user.id, [[body.slot, body.fileId]]);
  const bytes = await ctx.storage.get(row!.storageKey);
  if (!bytes) throw new AppError(FILE_ERRORS.FILE_NOT_FOUND, undefined, { slot: body.slot });
  const outcome = await ctx.engines.run(
    { kind: 'check', slot: body.slot, file: { bytes, name: row!.name }, lang: body.lang ?? lang },
    { timeoutMs: CHECK_TIMEOUT_MS },
  );
  return { slot: body.slot, outcome };
}
