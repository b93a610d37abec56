export { scoreConstitution, readAnswers, CONSTITUTION_ENGINE_VERSION } from './score.js';
export { determine, biasedVerdict, balancedVerdict, THRESHOLDS, VERDICT_ZH } from './determine.js';
export { questionsFor, SCALES, BIASED_CODES, QUESTIONNAIRE_META } from './questionnaire.js';
export { fieldError } from './field-error.js';
