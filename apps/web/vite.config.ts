import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

/** The boot chunk (src/app/boot.tsx) and every chunk it imports statically, as output file names. */
function bootGraph(bundle: Rollup.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/boot.tsx'));
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const c = chunks.find((x) => x.fileName === file);
    if (c?.type === 'chunk') c.imports.forEach(add);
  };
  if (boot) add(boot.fileName);
  return files;
}

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
        const files = bootGraph(ctx.bundle ?? {});
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/pc/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Vite's preload helper, run at each dynamic import, appends a `<link rel=modulepreload>` for
 * every chunk of the imported module's graph that the page's head does not list. On a page with
 * the server's first HTML the head lists none (apps/server/src/modules/site/prerender.ts strips them), so
 * starting the app appended ~20 links and opening the news page's chunk ~20 more, nearly all for
 * chunks already loaded: 60-250 ms of main thread at the mobile preset's 4x CPU, the first long
 * task after the paint (docs/site.md "Speed"). The chunks of the boot graph are loaded before
 * any dynamic import of the app can run (the app is the boot chunk), so they are left out of
 * every list: the entry's import of the boot chunk gets none (the browser's module loader
 * fetches that graph), a page chunk lists only what it adds. The head's preloads are unchanged.
 */
function bootGraphPreloads(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], ctx: { hostType: 'html' | 'js' }) => string[];
} {
  let loaded = new Set<string>();
  return {
    plugin: {
      name: 'tcm-boot-graph',
      apply: 'build',
      // Before vite:build-import-analysis (a post plugin) writes the lists in its generateBundle.
      generateBundle(_opts, bundle) {
        loaded = bootGraph(bundle);
      },
    },
    // Only dynamic imports: the page's own head (hostType html) is bootPreload's business.
    resolveDependencies: (_file, deps, ctx) => (ctx.hostType === 'js' ? deps.filter((d) => !loaded.has(d)) : deps),
  };
}
const bootGraphDeps = bootGraphPreloads();

/**
 * The tongue engine's host in the browser: wherever packages/analysis/src/tongue/ imports its
 * host (platform.ts: files, onnxruntime-node, sharp), the on-device worker gets the browser's
 * (tongue-platform.ts: bundled model files, onnxruntime-web, a resize in JS) instead. The rest of
 * the engine is bundled as it is (docs/tongue.md "On the visitor's device").
 */
function tongueOnDevice(): Plugin {
  const nodeHost = fileURLToPath(new URL('../../packages/analysis/src/tongue/platform.ts', import.meta.url));
  const browserHost = fileURLToPath(
    new URL('./src/areas/site/detection/on-device/tongue-platform.ts', import.meta.url),
  );
  return {
    name: 'tcm-tongue-on-device',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/platform.js') || !importer?.includes('/packages/analysis/src/tongue/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === nodeHost ? browserHost : null;
    },
  };
}

/**
 * /pc/sw.js, the detection pages' service worker (scripts/on-device-sw.mjs, docs/site.md "Offline at a
 * kiosk"), with this build's on-device files (the worker, onnxruntime-web's WebAssembly, the
 * models) to keep at install and a version from their names, so a new build installs a new worker.
 */
const OFFLINE_ROOTS =
  /\/src\/(main\.tsx|app\/boot\.tsx|app\/AntShell\.tsx|areas\/site\/SiteArea\.tsx|areas\/site\/detection\/(TongueAnalyzePage\.tsx|on-device\/(OnDeviceResult\.tsx|client\.ts|offline\.ts))|record\/record-api\.ts)$/;

function onDeviceOffline(base: string): Plugin {
  const source = fileURLToPath(new URL('./scripts/on-device-sw.mjs', import.meta.url));
  return {
    name: 'tcm-on-device-offline',
    apply: 'build',
    generateBundle(_opts, bundle) {
      const names = Object.keys(bundle).filter((f) =>
        /(^|\/)(tongue\.worker-[^/]*\.js|[^/]*\.wasm|[^/]*\.onnx)$/.test(f),
      );
      if (!names.length) return;
      // And the code a detection page runs to show a result made offline: these modules and every
      // chunk and stylesheet they import statically (not the site's other pages, not the charts).
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const code = new Set<string>();
      const add = (file: string) => {
        const c = chunks.find((x) => x.fileName === file);
        if (!c || code.has(file)) return;
        code.add(file);
        c.viteMetadata?.importedCss.forEach((css) => code.add(css));
        c.imports.forEach(add);
      };
      chunks.filter((c) => OFFLINE_ROOTS.test(c.facadeModuleId ?? '')).forEach((c) => add(c.fileName));
      const files = [...names.sort(), ...[...code].sort()].map((f) => `${base}${f}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const text = readFileSync(source, 'utf8')
        .replace('__ON_DEVICE_VERSION__', version)
        .replace('__ON_DEVICE_FILES__', JSON.stringify(files))
        .replace('__ON_DEVICE_BASE__', base);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: text });
    },
  };
}

// Served by the API server under /pc/ (history router with the same base). Areas are lazy
// routes, so automatic code splitting keeps the console, editor and charts out of the public
// home. (Manual vendor groups were tried: they either pulled React into the editor group, which
// the entry then loaded, or, without their dependencies, broke execution order.)
export default defineConfig(({ isSsrBuild }) => ({
  base: '/pc/',
  plugins: [
    react(),
    bootPreload(),
    bootGraphDeps.plugin,
    tongueOnDevice(),
    ...(isSsrBuild ? [] : [onDeviceOffline('/pc/')]),
  ],
  // The on-device tongue worker (an ES module worker: it imports the engine's modules).
  worker: { format: 'es', plugins: () => [tongueOnDevice()] },
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
        modulePreload: { resolveDependencies: bootGraphDeps.resolveDependencies },
      },
}));
