import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA builds to dist/, which the API server serves; in development Vite proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  // In the browser `zod` runs without eval (see src/services/zodForBrowser.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/services/zodForBrowser.ts', import.meta.url)) }] },
  // The manifest lets bench/login-bundle.ts sum exactly the chunks a route loads.
  build: { outDir: 'dist', sourcemap: true, emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8000', ws: true } },
  },
});
