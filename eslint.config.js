// Lint: the recommended rules plus the project's boundaries (docs/architecture.md, "Boundaries").
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // Tests read untyped JSON replies; a cast per field would say nothing.
  { files: ['**/*.test.{ts,tsx}', '**/test/**', 'web/e2e/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // DynamoDB is reached only through core; handlers, the web and the contracts never touch it.
    files: ['packages/functions/src/**', 'packages/contracts/src/**', 'web/src/**', 'stacks/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: dynamoDbModules, message: 'DynamoDB is reached only through @numbernest/core.' }] }] },
  },
);
