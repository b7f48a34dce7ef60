// Lint: the recommended rules plus the project's boundaries (docs/architecture.md, "Boundaries").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { coreContextsConfig } from './eslint.core-contexts.js';

// The web's layers (docs/architecture.md): imports flow app -> features -> shared. A feature never reaches into another
// feature (what two features need lives in shared code), and shared code never reaches into a feature or the app.
// One exception: the console's features (features/ops-*) share their own pieces in features/ops-shared, which
// only they may import (and which, like shared code, imports no feature): they stay out of the customer's bundles.
// A local rule rather than a plugin: it resolves relative paths and the `@/` alias (web/src), which is all the web uses.
const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(repoRoot, 'web', 'src');
/** 'app', 'feature:<name>' or 'shared' for a file under web/src; null outside it. */
function webLayer(file) {
  const relative = path.relative(webSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  if (top === 'app' || top === 'main.tsx') return 'app';
  if (top === 'features') return `feature:${second}`;
  return 'shared';
}
const consoleShared = 'feature:ops-shared';
const webBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { crossing: '{{from}} may not import {{to}}: imports flow app -> features -> shared (src/components, src/lib, src/styles).' },
  },
  create(context) {
    const from = webLayer(context.filename);
    if (!from || from === 'app') return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = source.startsWith('@/')
        ? path.join(webSrc, source.slice(2))
        : source.startsWith('.')
          ? path.resolve(path.dirname(context.filename), source)
          : null;
      if (!target) return;
      const to = webLayer(target);
      if (!to || to === 'shared' || to === from) return;
      if (to === consoleShared && from.startsWith('feature:ops-')) return;
      context.report({ node: node.source, messageId: 'crossing', data: { from, to: to === 'app' ? 'app' : to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// Core never imports `@numbernest/local`, nor the same files by a relative path into packages/local (static, re-exported or
// dynamic: no-restricted-imports sees neither relative paths resolved nor `import()`).
const localCloudDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'packages', 'local');
const localCloudMessage = 'Core may not import the local cloud (@numbernest/local); tests that need it live in packages/local/test.';
const coreWithoutLocalCloud = {
  meta: { type: 'problem', schema: [], messages: { local: localCloudMessage } },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (source === '@numbernest/local' || source.startsWith('@numbernest/local/')) return context.report({ node: node.source, messageId: 'local' });
      if (!source.startsWith('.')) return;
      const relative = path.relative(localCloudDir, path.resolve(path.dirname(context.filename), source));
      if (!relative.startsWith('..') && !path.isAbsolute(relative)) context.report({ node: node.source, messageId: 'local' });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const dynamoDbModules = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb/*', '@aws-sdk/lib-dynamodb/*'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '.sst/**', 'web/test-results/**', 'web/playwright-report/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // SST's generated types are reached by a triple-slash reference, as SST's own templates do.
      '@typescript-eslint/triple-slash-reference': 'off',
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // Type-aware: a promise nobody awaits loses its error and its ordering, and a switch over a union must name every member.
    // Each file is checked in the program of its nearest tsconfig.json (tests, e2e specs and tool configs are in them);
    // the root's vitest.config.ts is in none and gets TypeScript's default options.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: repoRoot },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default` is a deliberate catch-all (Stripe's hundreds of event types, zod's issue codes); the rule catches the switch without one.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // The infra is declarative resource code typed against SST's generated platform (.sst/platform, made by `sst install`,
    // which a fresh clone has not run yet): its own type-check (`npm run typecheck:infra`) covers it, and typed lint
    // would compile the whole platform (a third of the lint's time) for a handful of promises.
    files: ['sst.config.ts', 'stacks/**/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Tests read untyped JSON replies; a cast per field would say nothing.
  { files: ['**/*.test.{ts,tsx}', '**/test/**', 'web/e2e/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests and their fixtures may render the whole app; the boundaries hold for the code that ships.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', '**/test-fixtures.ts', '**/test-harness.tsx', '**/test/**'],
    plugins: { web: { rules: { boundaries: webBoundaries } } },
    rules: { 'web/boundaries': 'error' },
  },
  {
    // DynamoDB is reached only through core; handlers, the web and the contracts never touch it.
    files: ['packages/functions/src/**', 'packages/contracts/src/**', 'web/src/**', 'stacks/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: dynamoDbModules, message: 'DynamoDB is reached only through @numbernest/core.' }] }] },
  },
  coreContextsConfig,
  {
    // Core's contexts reach DynamoDB through the item layer (shared/db): items asked for by intent, every read parsed.
    // Expression strings, the SDK's commands and the layer's untyped readers stay inside it.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/core/src/shared/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: dynamoDbModules, message: 'Ask the item layer (shared/db) for items by intent.' },
            {
              group: ['**/shared/db'],
              importNames: ['db', 'tableName', 'getItem', 'queryAll', 'queryPage', 'queryAtMost', 'queryPartition', 'batchGetAll'],
              message: 'Read through an item type (readItem, readItems, readPartition, readPage, readIndex, scanPages…): its schema parses what comes back.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^((KeyCondition|Filter|Condition|Update|Projection)Expression|ExpressionAttribute(Names|Values))$/]',
          message: 'Say the condition or change by intent (when, set, add, filter…); the item layer writes the expression.',
        },
      ],
    },
  },
  {
    // Core is the domain: it never depends on the local cloud (its emulators and provider stand-ins), not even in its
    // tests. A test that needs a stand-in lives in packages/local/test, which may import both.
    files: ['packages/core/**'],
    plugins: { core: { rules: { 'no-local-cloud': coreWithoutLocalCloud } } },
    rules: {
      'core/no-local-cloud': 'error',
    },
  },
  {
    // Settings and secrets are read in one place, core's shared/settings (per call, with their defaults): the rest asks it.
    files: ['packages/core/src/**', 'packages/functions/src/**'],
    ignores: ['**/*.test.ts', 'packages/core/src/shared/settings/index.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through @numbernest/core/settings.' }],
    },
  },
  {
    // The web ships to browsers: it shares the wire contracts, never the server's domain (its tests and e2e specs may seed through it).
    // Still to move: pricing and the Start Chat tariff are pure functions the web runs to show the server's prices before it asks;
    // they belong in @numbernest/contracts, then these two exceptions go.
    files: ['web/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'web/src/test/**', '**/test-fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: dynamoDbModules, message: 'DynamoDB is reached only through @numbernest/core.' },
            {
              regex: '^@numbernest/core(?!/pricing$|/sms-tariff$|/sms-segments$)(/.*)?$',
              message: 'The web imports @numbernest/contracts only, never @numbernest/core.',
            },
          ],
        },
      ],
    },
  },
);
