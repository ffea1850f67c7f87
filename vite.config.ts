import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': fromRoot('./common/src'),
      '@client': fromRoot('./client/src'),
    },
  },
  build: {
    outDir: '../dist/client',
    // scripts/prerender.ts reads it to preload each prerendered page's own chunks.
    manifest: true,
    emptyOutDir: true,
    // The landing page must stay light: the editor and Firebase load as separate chunks on demand.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
