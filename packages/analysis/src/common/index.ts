export * from './engine-error.js';
export * from './cli-output.js';
