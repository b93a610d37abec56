// SQL of the display's generated columns on diagnosis_record (docs/display.md). Each reads the
// typed results (packages/contract/src/results.ts) the way the member home does
// (modules/teams/home.service.ts): the synthesis copy first, else the engine's own outcome. Only
// immutable jsonb operators, as a stored generated column requires.
import {
  DISPLAY_TONGUE_FINDINGS,
  doneResult,
  type DisplayTongueFinding,
  type RecordResults,
  type TongueFeatures,
} from '@tcm/contract';

const orNull = (e: string) => `nullif(${e}, 'null'::jsonb)`;
const SUMMARY = `coalesce(${orNull(`"results"->'synthesis'->'result'->'constitution'`)}, "results"->'constitution'->'result')->'summary'`;
const VITALS = `coalesce(${orNull(`"results"->'synthesis'->'result'->'vitals'`)}, ${orNull(`"results"->'vitals'->'result'`)})`;
const FEATURES = `"results"->'tongue'->'result'->'features'`;

/** Main constitution letter: the first biased type, else A when balanced, else the first tendency. */
export const DISPLAY_CONSTITUTION = `coalesce(${SUMMARY}->'types'->>0, case when ${SUMMARY}->>'balanced' in ('yes', 'basically_yes') then 'A' end, ${SUMMARY}->'tendencies'->>0)`;

/** Id of the top syndrome pattern. */
export const DISPLAY_PATTERN = `"results"->'synthesis'->'result'->'patterns'->0->>'id'`;

/** Highest vitals risk; `none` when vitals exist without a rated indicator; null without vitals. */
export const DISPLAY_RISK = `case when ${VITALS} is null then null when ${VITALS}->>'overall' in ('low', 'medium', 'high') then ${VITALS}->>'overall' else 'none' end`;

/**
 * The healthy label of each counted tongue feature: any other label is a finding. Typed by the
 * tongue result schema, so a renamed label fails the typecheck here.
 */
const HEALTHY: { readonly [F in DisplayTongueFinding]: readonly TongueFeatures[F]['label'][] } = {
  bodyColor: ['light_red'],
  coatingColor: ['white'],
  coatingThickness: ['thin'],
  greasy: ['not_greasy'],
  peeled: ['none'],
  moisture: ['normal'],
  cracks: ['none'],
  toothMarks: ['none'],
  spots: ['none'],
  shape: ['normal'],
};

/** Bit i set when DISPLAY_TONGUE_FINDINGS[i] is found; null without a tongue result. */
export const DISPLAY_TONGUE = `case when ${FEATURES} is null then null else ${DISPLAY_TONGUE_FINDINGS.map(
  (f, i) =>
    `(case when ${FEATURES}->'${f}'->>'label' not in (${HEALTHY[f].map((l) => `'${l}'`).join(', ')}) then ${1 << i} else 0 end)`,
).join(' | ')} end`;

/** The display's facets of one record, as its generated columns hold them. */
export interface DisplayFacets {
  constitution: string | null;
  pattern: string | null;
  risk: string | null;
  tongue: number | null;
}

/**
 * The same facets read from the typed results (issue 38 item 1): `display-facets.test.ts` runs
 * stored results through PostgreSQL's generated columns and through this reader and expects the
 * same facets, so a JSON path above that no longer matches the result schema fails a test.
 */
export function displayFacetsOf(results: RecordResults): DisplayFacets {
  const synthesis = doneResult(results, 'synthesis');
  const summary = (synthesis?.constitution ?? doneResult(results, 'constitution'))?.summary;
  const vitals = synthesis?.vitals ?? doneResult(results, 'vitals');
  const features = doneResult(results, 'tongue')?.features;
  const balanced = summary && ['yes', 'basically_yes'].includes(summary.balanced) ? 'A' : undefined;
  return {
    constitution: summary?.types[0] ?? balanced ?? summary?.tendencies[0] ?? null,
    pattern: synthesis?.patterns[0]?.id ?? null,
    risk: !vitals ? null : ['low', 'medium', 'high'].includes(vitals.overall ?? '') ? vitals.overall! : 'none',
    tongue: !features
      ? null
      : DISPLAY_TONGUE_FINDINGS.reduce(
          (bits, f, i) => bits | ((HEALTHY[f] as readonly string[]).includes(features[f].label) ? 0 : 1 << i),
          0,
        ),
  };
}
