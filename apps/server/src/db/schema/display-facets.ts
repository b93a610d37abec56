// SQL of the display's generated columns on diagnosis_record (docs/display.md). Each reads the
// typed results (packages/contract/src/results.ts) the way the member home does
// (modules/teams/home.service.ts): the synthesis copy first, else the engine's own outcome. Only
// immutable jsonb operators, as a stored generated column requires.
import { DISPLAY_TONGUE_FINDINGS, type DisplayTongueFinding } from '@tcm/contract';

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

/** The healthy label of each counted tongue feature: any other label is a finding. */
const HEALTHY: { readonly [F in DisplayTongueFinding]: readonly string[] } = {
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
