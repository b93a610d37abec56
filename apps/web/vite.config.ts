import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The entry (src/main.tsx) imports the app (src/app/boot.tsx) dynamically, so that a page the
 * server wrote first is painted before the app's code runs (docs/web.md "First HTML"). This
 * preloads the boot chunk and its static imports from the page's head, as Vite does for the
 * entry's own imports: fetched and compiled in parallel with the HTML, evaluated only when started.
 */
function bootPreload(): Plugin {
  return {
    name: 'tcm-boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/boot.tsx'));
        if (!boot || boot.type !== 'chunk') return;
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const c = chunks.find((x) => x.fileName === file);
          if (c?.type === 'chunk') c.imports.forEach(add);
        };
        add(boot.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/pc/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// Served by the API server under /pc/ (history router with the same base). Areas are lazy
// routes, so automatic code splitting keeps the console, editor and charts out of the public
// home. (Manual vendor groups were tried: they either pulled React into the editor group, which
// the entry then loaded, or, without their dependencies, broke execution order.)
export default defineConfig(({ isSsrBuild }) => ({
  base: '/pc/',
  plugins: [react(), bootPreload()],
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
