export * from './wav.js';
export * from './stats.js';
export * from './filters.js';
export * from './sinc.js';
export * from './spectrum.js';
export * from './error-code.js';
export * from './evidence.js';
export * from './lagged.js';
