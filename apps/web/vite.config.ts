import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server under /pc/ (history router with the same base). Vendor code is
// split so the public home never downloads the console's editor or chart libraries.
export default defineConfig({
  base: '/pc/',
  plugins: [react()],
  server: { proxy: { '/backend': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    // The manifest lets scripts/bundle-size.mjs sum what each entry page downloads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-editor', test: /node_modules[\\/](@tiptap|prosemirror|dompurify)/ },
            { name: 'vendor-charts', test: /node_modules[\\/](echarts|zrender)/ },
          ],
        },
      },
    },
  },
});
