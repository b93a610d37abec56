/** One measured value behind a reading or class, with the rule it was held to and its source. */
export interface Evidence {
  measure: string;
  value: number | null;
  rule: string;
  met: boolean;
  source: string;
}

/** Builds an evidence entry (value in the measure's own unit). */
export const evidence = (
  measure: string,
  value: number | null,
  rule: string,
  met: boolean,
  source: string,
): Evidence => ({
  measure,
  value,
  rule,
  met,
  source,
});
