import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerender } from './prerender/plugin.ts';

export default defineConfig({
  plugins: [react(), prerender()],
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
});
