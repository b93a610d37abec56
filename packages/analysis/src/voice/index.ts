export { analyzeVoice, readVoiceWav, VOICE_ENGINE_VERSION, VOICE_LIMITS } from './analyze.js';
export { toPitch, PRAAT_PITCH_AC, type PitchTrack } from './pitch.js';
export { toPulses } from './pulses.js';
export { jitterLocal, shimmerLocal } from './perturbation.js';
export { meanHnr } from './harmonicity.js';
export { makeSound, type Sound } from './sound.js';
