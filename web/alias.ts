import { fileURLToPath } from 'node:url';

/** `@/x` is `src/x` wherever the importing file sits (tsconfig.json's `paths` says the same to TypeScript); every Vite build and Vitest use it. */
export const srcAlias = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };
