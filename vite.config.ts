import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA builds to dist/, which the API server serves; in development Vite proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8000', ws: true } },
  },
});
