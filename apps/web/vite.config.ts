import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server under /pc/ (history router with the same base). Areas are lazy
// routes, so automatic code splitting keeps the console, editor and charts out of the public
// home. (Manual vendor groups were tried: they either pulled React into the editor group, which
// the entry then loaded, or, without their dependencies, broke execution order.)
export default defineConfig(({ isSsrBuild }) => ({
  base: '/pc/',
  plugins: [react()],
  server: { proxy: { '/backend': 'http://localhost:8080' } },
  build: isSsrBuild
    ? // The server's first HTML of the public pages (src/prerender/site-prerender.tsx, docs/web.md
      // "First HTML"): a Node module beside the app, never served (the server skips dist/ssr/).
      { outDir: 'dist/ssr', copyPublicDir: false, manifest: false }
    : {
        outDir: 'dist',
        // The manifest lets scripts/bundle-size.mjs sum what each entry page downloads.
        manifest: true,
        chunkSizeWarningLimit: 1500,
      },
}));
