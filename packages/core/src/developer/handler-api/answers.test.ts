import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { protocolTextAnswerSchema, protocolWordOf, protocolWords } from '@numbernest/contracts/handler-api';
import { describe, expect, it } from 'vitest';
import { errors, success, type Answer } from './answers';

const dir = import.meta.dirname;
const contractSource = join(dir, '..', '..', '..', '..', 'contracts', 'src', 'handler-api.ts');

/** The upper-case words (`ACCESS_READY`, `STATUS_OK`) a source writes in its code, comments left out. */
function wordsWritten(file: string): string[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)/g)].map(([, word]) => word!);
}

describe('the handler_api answers', () => {
  it('are the contract’s words, written as the contract writes them', () => {
    const { wrongMaxPrice, banned, accountBlocked, ...plainErrors } = errors;
    const { balance, number, waitRetry, ok, ...plainSuccess } = success;
    const answers: Answer[] = [
      ...Object.values(plainErrors),
      ...Object.values(plainSuccess),
      balance('1.50'),
      number(100123, '380501234567'),
      waitRetry('123456'),
      ok('123456'),
      wrongMaxPrice('0.30'),
      banned('2026-01-01 13-00-00'),
    ];
    const bodies = answers.map((answer) => (answer.kind === 'text' ? answer.body : JSON.stringify(answer.body)));
    for (const body of bodies) expect(protocolTextAnswerSchema.safeParse(body).success, body).toBe(true);
    expect(bodies.slice(-6)).toEqual([
      'ACCESS_BALANCE:1.50',
      'ACCESS_NUMBER:100123:380501234567',
      'STATUS_WAIT_RETRY:123456',
      'STATUS_OK:123456',
      'WRONG_MAX_PRICE:0.30',
      "BANNED:'2026-01-01 13-00-00'",
    ]);
    expect(new Set(bodies.map(protocolWordOf)).size).toBe(bodies.length);
    // A blocked account is the protocol's BANNED, for good (until an operator unblocks it).
    expect(accountBlocked).toEqual({ kind: 'text', body: "BANNED:'9999-12-31 23-59-59'" });
    expect(protocolTextAnswerSchema.safeParse(accountBlocked.body).success).toBe(true);
  });

  it('take every word from the contract: none is written into an action', () => {
    // The scan finds the words where they are written: the contract's module.
    expect(wordsWritten(contractSource).filter((word) => (protocolWords as readonly string[]).includes(word)).length).toBeGreaterThan(10);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'keys.ts');
    expect(sources.flatMap((file) => wordsWritten(join(dir, file)).map((word) => `${file}: ${word}`))).toEqual([]);
  });
});
