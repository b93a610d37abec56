export {
  analyzeTongue,
  TONGUE_ENGINE_VERSION,
  TONGUE_MODEL_VERSION,
  type AnalyzeTongueOptions,
  type TongueAnalysis,
} from './analyze.js';
