export * from './lab.js';
export * from './ita.js';
