import type { PipelineHooks } from '@tcm/analysis/pipeline';
import type { AnalyzeResult, EngineEvent, PooledInput } from './engine-jobs.js';
import type { EnginePool } from './engine-pool.js';

/**
 * Runs a record's engines in the pool, calling the hooks (database writes) in the API process
 * in the order the child reported its progress. Answers once every hook has finished, so the
 * caller never writes the final status before the last engine's outcome is saved.
 */
export async function runPipelineInPool(
  pool: EnginePool,
  input: PooledInput,
  hooks: PipelineHooks,
  timeoutMs: number,
): Promise<AnalyzeResult> {
  let chain: Promise<void> = Promise.resolve();
  // Kept as an Error so the rethrow below carries a stack even if a hook rejects with a non-Error.
  let hookError: Error | undefined;
  const handle = async (e: EngineEvent) => {
    if (e.type === 'step') await hooks.onStep(e.engine);
    else if (e.type === 'outcome') await hooks.onOutcome(e.engine, e.outcome);
    else await hooks.onTongueMask?.(e.png, { width: e.width, height: e.height });
  };
  const onEvent = (e: EngineEvent) => {
    chain = chain
      .then(() => handle(e))
      .catch((err: unknown) => {
        hookError ??= err instanceof Error ? err : new Error(String(err));
      });
  };
  try {
    // Analyses are already bounded by the analysis workers (ANALYSIS_WORKERS): never refused as busy.
    const outcomes = await pool.run({ kind: 'analyze', input }, { timeoutMs, onEvent, bounded: false });
    await chain;
    if (hookError) throw hookError;
    return outcomes;
  } catch (e) {
    await chain;
    throw e;
  }
}
