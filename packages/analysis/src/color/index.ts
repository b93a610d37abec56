export * from './lab.js';
export * from './ita.js';
export * from './gains.js';
