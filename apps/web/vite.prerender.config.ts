import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The build-time renderer of the public pages (src/prerender/render.tsx), run by scripts/prerender.mjs. */
export default defineConfig({
  plugins: [react()],
  // everything in one file Node runs as it is (antd's and its helpers' module formats vary)
  ssr: { noExternal: true },
  // antd's production styles (short class hashes, no development checks)
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/prerender/render.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    minify: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
