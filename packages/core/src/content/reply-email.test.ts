import { describe, expect, it } from 'vitest';
import { contactReplyText, opensWithGreeting } from './reply-email';

const message = { name: 'Ada Lovelace', message: 'My Shared number did not receive a code.\nCan I close it?', createdAt: '2026-03-12T10:00:00.000Z' };
const greetings = (text: string) => text.split('\n').filter((line) => opensWithGreeting(line, message.name)).length;

describe('the e-mail of an answer to a contact message', () => {
  it('greets the sender when the answer does not, then the answer, the signature and the quoted message', () => {
    const text = contactReplyText(message, 'Yes: close it from Rentals within 20 minutes.');
    expect(text).toBe(
      'Hello Ada Lovelace,\n\nYes: close it from Rentals within 20 minutes.\n\n— NumberNest support\n\nOn 2026-03-12 you wrote:\n> My Shared number did not receive a code.\n> Can I close it?\n',
    );
  });

  it.each([
    'Hi Ada,\n\nYes, close it within 20 minutes.',
    'Hello Ada Lovelace,\nYes.',
    'Dear Ada, yes.',
    'Good morning! Yes.',
    'Ada, yes you can.',
    'Здравствуйте, Ада!\nДа, можно.',
    'Добрый день! Да.',
    'Hai Ada, ya.',
    'Selamat petang, ya.',
  ])('greets once when the operator already did: %j', (body) => {
    const text = contactReplyText(message, body);
    expect(text.startsWith(body.trim())).toBe(true);
    expect(greetings(text)).toBe(1);
  });

  it('a word that only begins like a greeting is no greeting', () => {
    expect(opensWithGreeting('Highly likely: yes.', 'Ada')).toBe(false);
    expect(opensWithGreeting('History shows it works.', 'Ada')).toBe(false);
    expect(opensWithGreeting('Adams is not your name.', 'Ada')).toBe(false);
    expect(greetings(contactReplyText(message, 'Highly likely: yes.'))).toBe(1);
  });
});
