// Core's bounded contexts (docs/architecture.md, "Core's contexts"): each folder of packages/core/src is a context with one
// door, its index.ts; `shared` is the kernel every context may use. A context imports another only through its door, and
// only a context listed below it here: the list is the dependency order, so a cycle between contexts cannot be written.
import boundaries from 'eslint-plugin-boundaries';

/** Each context and the contexts it may import (every one may import the kernel, `shared`). */
export const coreContexts = {
  accounts: [],
  notifications: ['accounts'],
  stats: ['accounts'],
  content: ['accounts'],
  catalogue: ['accounts', 'stats'],
  money: ['accounts', 'notifications', 'stats'],
  rentals: ['accounts', 'notifications', 'stats', 'catalogue', 'money'],
  supply: ['accounts', 'stats', 'catalogue', 'money', 'rentals'],
  channels: ['accounts', 'notifications', 'catalogue', 'rentals'],
  messaging: ['accounts', 'notifications', 'stats', 'catalogue', 'money', 'rentals', 'supply', 'channels'],
  developer: ['accounts', 'notifications', 'stats', 'catalogue', 'money', 'rentals', 'supply', 'channels', 'messaging'],
  operations: ['accounts', 'notifications', 'stats', 'content', 'catalogue', 'money', 'rentals', 'supply', 'channels', 'messaging', 'developer'],
  // The starting catalogue a stage may or may not be given: no context imports it (the running code must not depend on it).
  seed: ['accounts', 'notifications', 'stats', 'content', 'catalogue', 'money', 'rentals', 'supply', 'channels', 'messaging', 'developer'],
};

const door = 'index.ts';
const contextOf = (name) => ({ type: 'context', captured: { context: name } });

export const coreContextsConfig = {
  files: ['packages/core/src/**/*.ts'],
  // A test may look inside the context it tests and at any other's internals it sets up.
  ignores: ['**/*.test.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      { type: 'kernel', pattern: 'packages/core/src/shared' },
      { type: 'context', pattern: 'packages/core/src/*', capture: ['context'] },
    ],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          '{{from.captured.context}} may not import {{to.captured.context}}/{{to.fileInternalPath}}: a context imports another only through its door (index.ts), and only one listed below it in eslint.core-contexts.js (so no cycle)',
        policies: [
          { allow: { to: { element: { type: 'kernel' } } } },
          { from: { element: { type: 'context' } }, allow: { to: { element: { type: 'context', captured: { context: '{{from.captured.context}}' } } } } },
          ...Object.entries(coreContexts).map(([context, below]) => ({
            from: { element: contextOf(context) },
            allow: { to: { element: below.map((name) => ({ ...contextOf(name), fileInternalPath: door })) } },
          })),
        ],
      },
    ],
  },
};
