import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { upgradeSavedPool } from '../src/cognito/pool';

/** A state directory as an older local cloud left it: the ids, and cognito-local's pool file without the newer settings. */
function savedState(options: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'numbernest-pool-'));
  mkdirSync(join(dir, '.cognito', 'db'), { recursive: true });
  writeFileSync(join(dir, 'user-pool.json'), JSON.stringify({ userPoolId: 'local_abc123', clientId: 'client1' }));
  const file = join(dir, '.cognito', 'db', 'local_abc123.json');
  writeFileSync(
    file,
    JSON.stringify({ Users: { someone: { Username: 'someone' } }, Options: { Id: 'local_abc123', AutoVerifiedAttributes: ['email'], ...options } }),
  );
  dirs.push(dir);
  return { dir, pool: () => JSON.parse(readFileSync(file, 'utf8')) as { Users: unknown; Options: Record<string, unknown> } };
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('upgradeSavedPool (a local pool made before e-mail changes needed verification)', () => {
  it('adds the setting to the saved pool, keeping its users and other options', () => {
    const { dir, pool } = savedState({});
    upgradeSavedPool(dir);
    expect(pool().Options).toEqual({
      Id: 'local_abc123',
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
    expect(pool().Users).toEqual({ someone: { Username: 'someone' } });
  });

  it('leaves a pool that has it, and a directory with no saved pool, as they are', () => {
    const settings = { UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] } };
    const { dir, pool } = savedState(settings);
    const before = JSON.stringify(pool());
    upgradeSavedPool(dir);
    expect(JSON.stringify(pool())).toBe(before);
    const empty = mkdtempSync(join(tmpdir(), 'numbernest-pool-'));
    dirs.push(empty);
    expect(() => upgradeSavedPool(empty)).not.toThrow();
  });
});
