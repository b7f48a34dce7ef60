import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { protocolTextAnswerSchema, protocolWordOf, protocolWords } from '@numbernest/contracts/handler-api';
import { describe, expect, it } from 'vitest';
import { errors, type Answer } from './answers';

const dir = import.meta.dirname;

describe('the handler_api answers', () => {
  it('are the contract’s words, written as the contract writes them', () => {
    const { wrongMaxPrice, banned, ...plain } = errors;
    const answers: Answer[] = [...Object.values(plain), wrongMaxPrice('0.30'), banned('2026-01-01 13-00-00')];
    const bodies = answers.map((answer) => (answer.kind === 'text' ? answer.body : JSON.stringify(answer.body)));
    for (const body of bodies) expect(protocolTextAnswerSchema.safeParse(body).success, body).toBe(true);
    expect(bodies.slice(-2)).toEqual(['WRONG_MAX_PRICE:0.30', "BANNED:'2026-01-01 13-00-00'"]);
    expect(new Set(bodies.map(protocolWordOf)).size).toBe(bodies.length);
  });

  it('write no word in their code that the contract does not have', () => {
    // A word written straight into an action (rather than taken from the contract) must still be one the docs list.
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'keys.ts');
    const written = new Set<string>();
    for (const file of sources) {
      const code = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const [, word] of code.matchAll(/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)/g)) written.add(word!);
    }
    expect(written.size).toBeGreaterThan(5);
    expect([...written].filter((word) => !(protocolWords as readonly string[]).includes(word))).toEqual([]);
  });
});
