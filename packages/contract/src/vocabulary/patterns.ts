import type { Words } from './word.js';

/**
 * The syndrome patterns the synthesis engine writes (`PatternResult.id`, advice keys
 * `pattern:<id>`). Source: our own synthesis knowledge base,
 * `packages/analysis/src/synthesis/knowledge-base.json` (`patterns[].id/zh/en`, which cites the
 * textbook and standards behind each pattern); the knowledge-base test in @tcm/analysis fails
 * when the two lists or their words differ.
 */
export const SYNTHESIS_PATTERN_IDS = [
  'qi_deficiency',
  'yang_deficiency',
  'yin_deficiency',
  'blood_deficiency',
  'qi_blood_deficiency',
  'phlegm_dampness',
  'damp_heat',
  'blood_stasis',
  'qi_stagnation',
  'liver_fire',
  'liver_yang_rising',
  'spleen_deficiency_dampness',
  'excess_heat',
  'cold_dampness',
] as const;
export type SynthesisPatternId = (typeof SYNTHESIS_PATTERN_IDS)[number];

export const PATTERN_WORDS: Words<SynthesisPatternId> = {
  qi_deficiency: { zh: '气虚证', en: 'Qi deficiency pattern' },
  yang_deficiency: { zh: '阳虚证', en: 'Yang deficiency pattern' },
  yin_deficiency: { zh: '阴虚证', en: 'Yin deficiency pattern' },
  blood_deficiency: { zh: '血虚证', en: 'Blood deficiency pattern' },
  qi_blood_deficiency: { zh: '气血两虚证', en: 'Dual deficiency of qi and blood' },
  phlegm_dampness: { zh: '痰湿证', en: 'Phlegm-dampness pattern' },
  damp_heat: { zh: '湿热证', en: 'Damp-heat pattern' },
  blood_stasis: { zh: '血瘀证', en: 'Blood stasis pattern' },
  qi_stagnation: { zh: '气滞证（肝郁气滞）', en: 'Qi stagnation (liver qi stagnation)' },
  liver_fire: { zh: '肝火炽盛证', en: 'Liver fire blazing' },
  liver_yang_rising: { zh: '肝阳上亢证', en: 'Ascendant liver yang' },
  spleen_deficiency_dampness: { zh: '脾虚湿困证', en: 'Spleen deficiency with dampness' },
  excess_heat: { zh: '实热证', en: 'Excess heat pattern' },
  cold_dampness: { zh: '寒湿困脾证', en: 'Cold-dampness encumbering the spleen' },
};
