/**
 * Why the research functions refuse an input. The package does no I/O and knows no HTTP codes:
 * the server maps each `reason` to its own catalogued error (400 for all of them), and can show
 * the zh/en text carried here, which names the variable or limit concerned.
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

export class ResearchError extends Error {
  readonly reason: ResearchErrorReason;
  readonly texts: { zh: string; en: string };
  readonly detail: Record<string, unknown> | undefined;

  constructor(reason: ResearchErrorReason, texts: { zh: string; en: string }, detail?: Record<string, unknown>) {
    super(texts.en);
    this.name = 'ResearchError';
    this.reason = reason;
    this.texts = texts;
    this.detail = detail;
  }
}

export function badParameter(name: string, rule: string, ruleZh: string): ResearchError {
  return new ResearchError(
    'bad_parameter',
    { en: `Parameter ${name}: ${rule}`, zh: `参数 ${name}：${ruleZh}` },
    { parameter: name },
  );
}
