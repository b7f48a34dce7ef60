import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { srcAlias } from './alias.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: [srcAlias] },
  test: {
    name: 'web',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
