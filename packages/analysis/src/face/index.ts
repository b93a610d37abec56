export { analyzeFace, FACE_ENGINE_VERSION, type AnalyzeFaceOptions, type FaceAnalysis } from './analyze.js';
export { getDetector, FACE_MODEL_VERSION } from './detector.js';
export { renderOverlay } from './overlay.js';
