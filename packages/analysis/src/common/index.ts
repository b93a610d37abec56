export * from './engine-error.js';
export * from './cli-output.js';
export * from './batch-input.js';
export * from './progress.js';
export * from './bmp.js';
export * from './photo-cli.js';
