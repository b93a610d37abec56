// Every table of the server; drizzle-kit reads this file (drizzle.config.ts).
export * from './users.js';
export * from './menus.js';
export * from './auth.js';
export * from './translations.js';
export * from './records.js';
export * from './maintenance.js';
export * from './teams.js';
export * from './archive.js';
export * from './disease.js';
export * from './open-api.js';
export * from './training.js';
export * from './inquiry.js';
export * from './content.js';
export * from './wechat.js';
export * from './display.js';
export * from './research.js';
export * from './backups.js';
