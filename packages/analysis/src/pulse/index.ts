export { analyzePulse, PULSE_ENGINE_VERSION } from './analyze.js';
export { readPulseFile, type PulseCapture, type PulseChannelInput, type PulseReadOptions } from './input.js';
export { analyzeChannel, PULSE_LIMITS } from './channel.js';
export { detectBeats } from './beats.js';
export { detectRPeaks, meanRateBpm } from './ecg-reference.js';
export { measureDiagram } from './morphology.js';
export { pulseWaveform } from './waveform.js';
