import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The web app: Preact (automatic JSX runtime) built into dist/web, served by `gridmind serve`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
  },
  worker: { format: 'es' },
});
