import { describe, expect, it } from 'vitest';
import { telegramSmsMessage } from './api';

describe('telegramSmsMessage', () => {
  it("keeps a forwarded SMS within Telegram's 4,096 characters, the code whole on its line", () => {
    const body = `${'Ж'.repeat(3999)}…`; // as long as an inbound text is kept
    const { text, entities } = telegramSmsMessage({ service: 'Google', number: '+447700900123', from: 'X'.repeat(500), body, code: '482913' });
    expect(text).toHaveLength(4096);
    expect(text.endsWith('Ж…')).toBe(true);
    expect(text.split('\n')[1]).toBe('482913');
    const code = entities.find((e) => e.type === 'code')!;
    expect(text.slice(code.offset, code.offset + code.length)).toBe('482913');
    const heading = entities.find((e) => e.type === 'bold')!;
    expect(text.slice(0, heading.length)).toBe(`Google · +447700900123 · from ${'X'.repeat(63)}…`);
  });
});
