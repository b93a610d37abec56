import { EngineError, RESEARCH_ERRORS } from '@tcm/contract';

/**
 * Why the research functions refuse an input. The package does no I/O: a refusal is the engine
 * side's one error class, `EngineError`, coded 4102008 (the pool cannot be analyzed with these
 * parameters), with the reason as its `kind` and a zh/en text that names the variable or limit
 * concerned; the server answers it as that code with the text.
 */
export type ResearchErrorReason =
  | 'unknown_variable'
  | 'wrong_variable_type'
  | 'empty_input'
  | 'too_few_samples'
  | 'too_many_samples'
  | 'bad_parameter'
  | 'ragged_rows'
  | 'bad_model';

/** A refusal of the research functions. */
export type ResearchError = EngineError<ResearchErrorReason>;

export function researchError(
  reason: ResearchErrorReason,
  texts: { zh: string; en: string },
  detail?: Record<string, unknown>,
): ResearchError {
  return new EngineError(RESEARCH_ERRORS.ANALYSIS_REFUSED, detail, 'en', texts, reason);
}

/** Whether `e` is a refusal of the research functions (not a fault). */
export const isResearchError = (e: unknown): e is ResearchError =>
  e instanceof EngineError && e.def === RESEARCH_ERRORS.ANALYSIS_REFUSED;

export function badParameter(name: string, rule: string, ruleZh: string): ResearchError {
  return researchError(
    'bad_parameter',
    { en: `Parameter ${name}: ${rule}`, zh: `参数 ${name}：${ruleZh}` },
    { parameter: name },
  );
}
