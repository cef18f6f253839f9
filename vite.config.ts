import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

// The SPA lives in src/web; the API server serves the built files from dist/web (SERVE_WEB),
// and during `npm run dev` Vite proxies /api to the API server on port 5000.
export default defineConfig({
  root: path.join(repoRoot, 'src/web'),
  publicDir: path.join(repoRoot, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.join(repoRoot, 'dist/web'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than our code: its own chunk caches across deploys. No catch-all vendor
        // group, so heavy libraries (charts, payments) stay in the lazily loaded screens that use them.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:5000', changeOrigin: false },
    },
  },
});
