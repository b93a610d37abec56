export {
  analyzeTongue,
  TONGUE_ENGINE_VERSION,
  TONGUE_MODEL_VERSION,
  type AnalyzeTongueOptions,
  type TongueAnalysis,
} from './analyze.js';
export { renderTongueOverlay, renderMaskPng } from './overlay.js';
export { TONGUE_FEATURES_VERSION } from './features/index.js';
export { analyzeWorkImage, type TongueRun, type TongueStep } from './result.js';
