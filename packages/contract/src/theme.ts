/**
 * Default theme color of spec §9. In a file without zod: the web app's session store needs it
 * on every page, and importing it from user.ts would pull the schemas (and zod) into the public
 * home's first load (docs/web.md "Speed and reach").
 */
export const DEFAULT_THEME_COLOR = '#1E1A1A';
