export { synthesize, SYNTHESIS_ENGINE_VERSION, DISCLAIMER } from './synthesize.js';
export { rankPatterns, scorePattern, STRENGTH } from './score-patterns.js';
export { normalizeFindings, constitutionFindings, vitalsFindings } from './findings.js';
export { PATTERNS, VOCABULARY, KB_VERSION, ruleMatches, findingText } from './knowledge-base.js';
