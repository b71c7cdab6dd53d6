import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.OMNICHAT_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true, ws: true },
      '/public': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // read by scripts/check-budgets.mjs to follow what each page loads
    manifest: true,
    rolldownOptions: {
      output: {
        // the libraries every screen runs on in one chunk: split across several (as the bundler otherwise chooses
        // when lazy pages share some of them), each piece compresses worse and the first load grows
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // one module graph per worker instead of one per file (setup.ts resets what tests share: storage, language,
    // toasts, the fake socket)
    isolate: false,
  },
});
