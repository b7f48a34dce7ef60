import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { coreContexts, coreContextsConfig } from '../../eslint.core-contexts.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The contexts rule alone, as `npm run lint` applies it to core. */
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, coreContextsConfig],
});
const problemsOf = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/packages/core/src/${file}` });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
};

describe("core's contexts", () => {
  it('refuses a deep import into another context', async () => {
    expect(await problemsOf('rentals/probe.ts', "export { listEntries } from '../money/ledger/list';\n")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: rentals may not import money\/ledger\/list\.ts/),
    ]);
  });

  it('refuses an import that would make a cycle (a context not below)', async () => {
    expect(await problemsOf('rentals/probe.ts', "export { toMessage } from '../messaging';\n")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: rentals may not import messaging\/index\.ts/),
    ]);
  });

  it('allows a door below, the kernel, and the context’s own insides', async () => {
    const code = "export { listEntries } from '../money';\nexport { db } from '../shared/db';\nexport { rentalKeys } from './keys';\n";
    expect(await problemsOf('rentals/probe.ts', code)).toEqual([]);
  });

  it('declares an order: every context it names exists, and none may import one above it', () => {
    const names = Object.keys(coreContexts);
    for (const [context, below] of Object.entries(coreContexts)) {
      for (const other of below) {
        expect(names, `${context} names ${other}`).toContain(other);
        expect(names.indexOf(other), `${context} may import ${other}`).toBeLessThan(names.indexOf(context));
      }
    }
  });
});
