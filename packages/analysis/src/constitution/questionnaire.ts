import type { ConstitutionCode } from '@tcm/contract';

// The items and the per-sex selection are part of the API contract; the engine scores from them.
export {
  SCALES,
  QUESTIONNAIRE_META,
  CANONICAL_ID,
  itemSex,
  questionsFor,
  type ScaleDef,
  type ScaleItem,
} from '@tcm/contract/questionnaire';

export const BIASED_CODES: readonly ConstitutionCode[] = ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
