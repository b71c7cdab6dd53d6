import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * `/widget.js`, the web-chat widget sites embed: one small script of its own (no React, no Ant Design), built
 * after the app into the same dist folder. Its name carries no hash, so it is served with no-cache.
 */
export default defineConfig({
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    lib: { entry: 'src/widget/main.ts', formats: ['iife'], name: 'OmnichatWidgetBundle', fileName: () => 'widget.js' },
  },
});
