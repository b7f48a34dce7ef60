import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { sourcemap: 'hidden', chunkSizeWarningLimit: 600 }, // no public source maps: written, not referenced, not uploaded (stacks/web.ts)
});
