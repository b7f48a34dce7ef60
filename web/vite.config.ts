import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerender } from './prerender/plugin.ts';

export default defineConfig({
  plugins: [react(), prerender()],
  build: { sourcemap: 'hidden', chunkSizeWarningLimit: 600 }, // no public source maps: written, not referenced, not uploaded (stacks/web.ts)
});
